// The questions inbox over the real build and a real HTTP connection (decision 142): the list and a question's page in
// French and Chinese; an answer sent as a browser sends it (multipart, with a file), then the file downloaded by staff;
// a bad file refused with the customer's message in the page's language and nothing stored; assignment and notes; and
// per role × action (see, answer, assign, note): a role without the permission gets 403 and nothing changes.
import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { query } from "#server/db/client.ts";
import { pagesAppPerSuite } from "#server/test/pages-app.ts";
import { staffCookie } from "#server/test/staff.ts";
import { can } from "#core/staff/permissions.ts";
import { STAFF_ROLES, type StaffRole } from "#core/staff/permissions.ts";

const text = (html: string) =>
  html
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/<!-- -->/g, "");
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300, 7)]);
const SCRIPT = Buffer.from("#!/bin/sh\necho hi\n");

/** The demo account of each role. */
const ACCOUNT: Record<StaffRole, string> = {
  owner: "direction",
  manager: "gerance",
  warehouse: "entrepot",
  planner: "planning",
  customer_service: "service-client",
  catalogue: "catalogue",
  accountant: "comptabilite",
};

type Part = [string, string] | [string, { filename: string; bytes: Buffer }];
/** A multipart body as a browser sends it (with its length). */
function multipart(parts: Part[]) {
  const boundary = `----comptoir${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, v] of parts) {
    if (typeof v === "string") chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`));
    else
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${v.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        v.bytes,
        Buffer.from("\r\n"),
      );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

describe("back office questions inbox", () => {
  const t = pagesAppPerSuite("pglite");
  let base = "";
  const staff = (role: StaffRole) => staffCookie(t.app, `${ACCOUNT[role]}@comptoir-emballage.fr`);
  async function listen() {
    await t.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = t.app.server.address() as { port: number };
    return `http://127.0.0.1:${port}`;
  }
  const get = async (path: string, cookie: string) => {
    if (!base) base = await listen();
    const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: "manual" });
    const bytes = Buffer.from(await res.arrayBuffer());
    return { status: res.status, body: text(bytes.toString("utf8")), bytes, headers: res.headers };
  };
  const post = async (path: string, parts: Part[], cookie: string) => {
    if (!base) base = await listen();
    const { body, type } = multipart(parts);
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": type },
      body,
      redirect: "manual",
    });
    return { status: res.status, body: text(await res.text()) };
  };
  const db = () => t.app.services.db;
  async function ask(content: string, customer = 1) {
    const [r] = await query<{ id: number }>(
      db(),
      sql`insert into questions (customer_id, type, content, created_at) values (${customer}, 'suggestion', ${content}, now() - interval '2 days') returning id`,
    );
    return r.id;
  }
  const state = async (id: number) =>
    (
      await query(
        db(),
        sql`select answer, assigned_to,
              (select count(*)::int from question_notes where question_id = ${id}) as notes,
              (select count(*)::int from attachments where question_id = ${id}) as files,
              (select count(*)::int from audit_log where entity = 'question' and entity_id = ${String(id)}) as audits
            from questions where id = ${id}`,
      )
    )[0];

  it("shows the inbox and a question in French and Chinese, with the navigation entry", async () => {
    const id = await ask("Avez-vous des cartons renforcés ?");
    const cs = await staff("customer_service");
    const list = await get("/admin/questions", cs);
    expect(list.status).toBe(200);
    expect(list.body).toContain("<title>Questions des clients — ");
    expect(list.body).toContain(`href="/admin/questions"`);
    expect(list.body).toContain(`Question n° ${id}`);
    expect(list.body).toContain("Avez-vous des cartons renforcés ?");
    expect(list.body).toContain("En attente de réponse");
    const zh = await get("/zh/admin/questions?status=all&sort=newest", cs);
    expect(zh.status).toBe(200);
    expect(zh.body).toContain("客户问题");
    expect(zh.body).toContain(`问题 #${id}`);
    const bad = await get("/admin/questions?status=fermee", cs);
    expect(bad.body).toContain("Choisissez un état de la liste.");
    const page = await get(`/admin/questions/${id}`, cs);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Échange avec le client");
    expect(page.body).toContain("Envoyer la réponse");
    expect(page.body).toContain("Notes internes");
    expect(page.body).toContain("Li Wei"); // among the assignees
    const zhPage = await get(`/zh/admin/questions/${id}`, cs);
    expect(zhPage.body).toContain("回复客户");
    expect(zhPage.body).toContain("与客户的交流");
    expect((await get("/admin/questions/999999", cs)).status).toBe(404);
    expect((await get("/admin/questions/abc", cs)).status).toBe(404);
  });

  it("answers with a file as a browser sends it; staff download it; a bad file is refused in the page's language, nothing stored", async () => {
    const id = await ask("Pouvez-vous m'envoyer une photo ?");
    const cs = await staff("customer_service");
    const url = `/admin/questions/${id}`;
    const before = await state(id);
    const script = await post(
      url,
      [
        ["intent", "answer"],
        ["answer", "Voici"],
        ["file", { filename: "photo.png", bytes: SCRIPT }],
      ],
      cs,
    );
    expect(script.status).toBe(400);
    expect(script.body).toContain("seuls les images (PNG, JPEG, WebP, GIF) et les PDF sont acceptés");
    const zh = await post(
      `/zh${url}`,
      [
        ["intent", "answer"],
        ["answer", "Voici"],
        ["file", { filename: "photo.php.png", bytes: PNG }],
      ],
      cs,
    );
    expect(zh.status).toBe(400);
    expect(zh.body).toContain("附件上传失败：文件名与内容不符（双重扩展名或意外的扩展名）。");
    const blank = await post(
      url,
      [
        ["intent", "answer"],
        ["answer", "  "],
      ],
      cs,
    );
    expect(blank.body).toContain("Veuillez saisir la réponse.");
    expect(await state(id)).toEqual(before);

    const done = await post(
      url,
      [
        ["intent", "answer"],
        ["answer", "Voici la photo demandée."],
        ["file", { filename: "photo.png", bytes: PNG }],
        ["file", { filename: "", bytes: Buffer.alloc(0) }],
      ],
      cs,
    );
    expect(done.status).toBe(200);
    expect(done.body).toContain("Réponse envoyée : le client en est averti.");
    expect(await state(id)).toMatchObject({ answer: "Voici la photo demandée.", files: 1, audits: 1 });
    const page = await get(url, cs);
    expect(page.body).toContain("Voici la photo demandée.");
    expect(page.body).not.toContain("Envoyer la réponse");
    const [{ id: file }] = await query<{ id: string }>(db(), sql`select id from attachments where question_id = ${id}`);
    expect(page.body).toContain(`/admin/questions/${id}/fichiers/${file}`);
    const download = await get(`/admin/questions/${id}/fichiers/${file}`, cs);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("content-disposition")).toContain("photo.png");
    expect(download.bytes.equals(PNG)).toBe(true);
    expect((await get(`/admin/questions/1/fichiers/${file}`, cs)).status).toBe(404); // not that question's
    // a body over three files at the limit is refused before it is read
    const id2 = await ask("Question au gros envoi");
    const huge = await post(
      `/admin/questions/${id2}`,
      [
        ["intent", "answer"],
        ["answer", "Trop"],
        ["file", { filename: "grand.png", bytes: Buffer.concat([PNG, Buffer.alloc(15 * 1024 * 1024 + 70 * 1024)]) }],
      ],
      cs,
    ).catch((e: unknown) => ({ status: 0, body: String(e) }));
    expect(huge.status).toBe(413);
    expect(huge.body).toContain("le fichier dépasse 5 Mo");
    expect(await state(id2)).toMatchObject({ answer: null, files: 0 });
    const again = await post(
      url,
      [
        ["intent", "answer"],
        ["answer", "Encore"],
      ],
      cs,
    );
    expect(again.status).toBe(400);
    expect(again.body).toContain("Cette question a déjà reçu une réponse.");
  });

  it("assigns the question and keeps internal notes, which the customer's page never shows", async () => {
    const id = await ask("Question à attribuer");
    const manager = await staff("manager");
    const [{ id: li }] = await query<{ id: number }>(db(), sql`select id from staff_users where name = 'Li Wei'`);
    const assigned = await post(
      `/admin/questions/${id}`,
      [
        ["intent", "assign"],
        ["assignee", String(li)],
      ],
      manager,
    );
    expect(assigned.body).toContain("Attribution enregistrée.");
    const [{ id: warehouse }] = await query<{ id: number }>(db(), sql`select id from staff_users where email like 'entrepot@%'`);
    const refused = await post(
      `/admin/questions/${id}`,
      [
        ["intent", "assign"],
        ["assignee", String(warehouse)],
      ],
      manager,
    );
    expect(refused.body).toContain("Choisissez un membre actif de l'équipe qui peut répondre aux questions.");
    const noted = await post(
      `/admin/questions/${id}`,
      [
        ["intent", "note"],
        ["note", "NOTE-INTERNE-77 à ne pas montrer"],
      ],
      manager,
    );
    expect(noted.body).toContain("Note ajoutée.");
    expect(await state(id)).toMatchObject({ assigned_to: li, notes: 1, audits: 2 });
    const mine = await get("/admin/questions?assigned=me", await staff("customer_service"));
    expect(mine.body).toContain(`Question n° ${id}`);
    const customer = await get("/une-question", t.demo);
    expect(customer.status).toBe(200);
    expect(customer.body).toContain("Question à attribuer");
    expect(customer.body).not.toContain("NOTE-INTERNE-77");
    const other = await get("/une-question", t.martin);
    expect(other.body).not.toContain("Question à attribuer");
  });

  it("checks each role × action: without the permission, 403 and nothing changes", async () => {
    for (const role of STAFF_ROLES) {
      const cookie = await staff(role);
      const id = await ask(`Droits ${role}`);
      const before = await state(id);
      const reads = can([role], "questions:read");
      const answers = can([role], "questions:answer");
      expect((await get("/admin/questions", cookie)).status, `${role} list`).toBe(reads ? 200 : 403);
      expect((await get(`/admin/questions/${id}`, cookie)).status, `${role} page`).toBe(reads ? 200 : 403);
      const [{ id: target }] = await query<{ id: number }>(db(), sql`select id from staff_users where name = 'Li Wei'`);
      const assign = await post(
        `/admin/questions/${id}`,
        [
          ["intent", "assign"],
          ["assignee", String(target)],
        ],
        cookie,
      );
      const note = await post(
        `/admin/questions/${id}`,
        [
          ["intent", "note"],
          ["note", "Note"],
        ],
        cookie,
      );
      const answer = await post(
        `/admin/questions/${id}`,
        [
          ["intent", "answer"],
          ["answer", "Réponse"],
          ["file", { filename: "a.png", bytes: PNG }],
        ],
        cookie,
      );
      for (const [name, res] of [
        ["assign", assign],
        ["note", note],
        ["answer", answer],
      ] as const)
        expect(res.status, `${role} ${name}`).toBe(answers ? 200 : 403);
      if (!answers) expect(await state(id), role).toEqual(before);
      else expect(await state(id), role).toMatchObject({ answer: "Réponse", assigned_to: target, notes: 1, files: 1, audits: 3 });
    }
    // a visitor goes to the login; a post from another site is refused before any page code
    expect((await get("/admin/questions", "")).status).toBe(302);
    const id = await ask("Autre site");
    const res = await fetch(`${base}/admin/questions/${id}`, {
      method: "POST",
      headers: { cookie: await staff("owner"), origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "intent=note&note=x",
      redirect: "manual",
    });
    expect(res.status).toBe(403);
    expect((await state(id)) as { notes: number }).toMatchObject({ notes: 0 });
  });
});
