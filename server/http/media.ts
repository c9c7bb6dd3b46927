// Products' uploaded images (decision 156): the files under DATA_DIR/media/produits, by a name the server chose.
// Each name is its content's (a replaced image gets a new one), so a browser and a CDN keep a file for a year.
import type { FastifyInstance } from "fastify";
import { MEDIA_PREFIX } from "#core/catalogue/product-image.ts";

export async function mediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { file: string } }>(`${MEDIA_PREFIX}:file`, async (req, reply) => {
    const bytes = await app.services.productImages.read(req.params.file);
    if (!bytes) return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
    return reply
      .type(req.params.file.endsWith(".avif") ? "image/avif" : "image/webp")
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .send(bytes);
  });
}
