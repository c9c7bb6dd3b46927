// Chooses the payment provider from the configuration (decision 077): sandbox by default, stripe with its keys.
import type { Db } from "#server/db/client.ts";
import type { Env } from "#server/env.ts";
import type { PaymentProviderAdapter } from "./provider.ts";
import { createSandboxProvider, type SandboxProvider } from "./sandbox.provider.ts";
import { createStripeProvider } from "./stripe.provider.ts";

const webhookPath = (provider: string) => `/payments/webhook/${provider}`;

export function createPaymentProvider(
  db: Db,
  env: Env,
  log?: { warn: (o: object, msg: string) => void },
): { provider: PaymentProviderAdapter; sandbox: SandboxProvider | null } {
  if (env.PAYMENT_PROVIDER === "stripe") {
    const provider = createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY!,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
      apiBase: env.STRIPE_API_BASE,
      publicUrl: env.PUBLIC_URL,
      toleranceS: env.PAYMENT_WEBHOOK_TOLERANCE_S,
    });
    return { provider, sandbox: null };
  }
  const sandbox = createSandboxProvider(db, {
    secret: env.SANDBOX_WEBHOOK_SECRET,
    webhookUrl: env.SANDBOX_WEBHOOK_URL ?? new URL(webhookPath("sandbox"), env.PUBLIC_URL).href,
    toleranceS: env.PAYMENT_WEBHOOK_TOLERANCE_S,
    log,
  });
  return { provider: sandbox.provider, sandbox };
}
