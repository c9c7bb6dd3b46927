// Configuration from the environment, validated once at boot: a wrong value stops the start with a clear message.
import { z } from "zod";

const bool = z.enum(["0", "1", "true", "false"]).transform((v) => v === "1" || v === "true");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  SIGN_SECRET: z.string().min(8).default("comptoir-demo-sign-secret"),
  SIGN_CHECK: bool.default(true),
  MAINTENANCE: bool.default(false),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("Comptoir de l'Emballage <contact@comptoir-emballage.fr>"),
  PUBLIC_URL: z.url().default("http://localhost:8787"),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  SEED: z.enum(["demo", "none"]).default("demo"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable counts as unset (`DATABASE_URL= npm start`).
  const defined = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ""));
  const parsed = envSchema.safeParse(defined);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}
