// Configuration from the environment, validated once at boot: a wrong value stops the start with a clear message.
import { isIP } from "node:net";
import { z } from "zod";
import { DEMO_TOTP_KEY, parseTotpKey } from "./modules/staff/totp-secret.ts";

/** One proxy address, a CIDR range, or a proxy-addr name (loopback, linklocal, uniquelocal). */
function isProxyEntry(v: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(v)) return true;
  const [addr, bits, extra] = v.split("/");
  if (extra !== undefined || !isIP(addr)) return false;
  if (bits === undefined) return true;
  const max = isIP(addr) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * The proxies whose X-Forwarded-For is believed: a comma-separated list. Empty (the default):
 * none, the client address is the socket's. Trusting every proxy would let any client choose its address.
 */
const trustProxy = z
  .string()
  .default("")
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .refine((list) => list.every(isProxyEntry), "a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal");

const bool = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  SIGN_SECRET: z.string().min(8).default("comptoir-demo-sign-secret"),
  SIGN_CHECK: bool.default(true),
  /**
   * HMAC key of the links sent by e-mail that act without a login (the newsletter's unsubscribe link, decision 147).
   * Server-only, unlike SIGN_SECRET which the browser knows; set it in production (changing it voids sent links).
   */
  LINK_SECRET: z.string().min(16).default("comptoir-demo-link-secret"),
  /** AES-256-GCM key of the staff's second-factor secrets at rest (totp-secret.ts); change it with STAFF_TOTP_KEY_PREVIOUS. */
  STAFF_TOTP_KEY: z
    .string()
    .default(DEMO_TOTP_KEY)
    .refine((v) => parseTotpKey(v) !== null, "32 bytes, as 64 hex characters or base64"),
  /** The key before STAFF_TOTP_KEY was changed: its secrets still open, and are sealed again at their next use. */
  STAFF_TOTP_KEY_PREVIOUS: z
    .string()
    .refine((v) => parseTotpKey(v) !== null, "32 bytes, as 64 hex characters or base64")
    .optional(),
  MAINTENANCE: bool.default(false),
  /** The bearer token of GET /metrics (Prometheus); without it the metrics are off and not recorded. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Check every API answer against its contract (answer-check.ts); on by default in tests only. */
  CHECK_ANSWERS: bool.optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("Comptoir de l'Emballage <contact@comptoir-emballage.fr>"),
  /** Unset: this shop's own port on localhost (the sandbox's notifications must reach it; decision 077). */
  PUBLIC_URL: z.url().optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  TRUST_PROXY: trustProxy,
  /** Shared API rate limit in Redis instead of PostgreSQL. */
  REDIS_URL: z.url({ protocol: /^redis$/ }).optional(),
  SEED: z.enum(["demo", "none"]).default("demo"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Card payment (decision 077). The sandbox provider needs nothing; stripe needs both keys.
  PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).default("sandbox"),
  /** HMAC secret of the sandbox's webhook signature. */
  SANDBOX_WEBHOOK_SECRET: z.string().min(8).default("comptoir-sandbox-webhook-secret"),
  /** Where the sandbox posts its notifications; default PUBLIC_URL + /payments/webhook/sandbox. */
  SANDBOX_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Another Stripe API origin (tests: a local fake), e.g. http://127.0.0.1:12111. */
  STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /** Age (seconds) beyond which a signed notification is refused, both ways. */
  PAYMENT_WEBHOOK_TOLERANCE_S: z.coerce.number().int().min(1).max(3600).default(300),
  /** An unpaid order is cancelled this long after it was placed; 0 turns the expiry off. */
  UNPAID_ORDER_EXPIRY_MINUTES: z.coerce.number().int().min(0).max(525_600).default(60),
});

export type Env = z.infer<typeof envSchema> & { PUBLIC_URL: string };

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable counts as unset (`DATABASE_URL= npm start`).
  const defined = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = envSchema
    .superRefine((e, ctx) => {
      if (e.PAYMENT_PROVIDER !== "stripe") return;
      for (const k of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const)
        if (!e[k]) ctx.addIssue({ code: "custom", path: [k], message: "required when PAYMENT_PROVIDER=stripe" });
    })
    .safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  return { ...e, PUBLIC_URL: e.PUBLIC_URL ?? `http://localhost:${e.PORT}` };
}
