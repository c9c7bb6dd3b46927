// GET /site/Index/config (SPEC §7): the whole start-up data, or with part=session only the caller's part (decision 063).
import { z } from "zod";

export const initQuerySchema = z.object({ part: z.enum(["session"]).optional().catch(undefined) });
