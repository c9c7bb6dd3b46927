// The catalogue's CSV import and export (core/catalogue/import-csv.ts). An upload is kept as an import; its dry run
// (in the request: one query for the file's references, then the pure plan) stores each line's plan; applying it is
// a job (core/jobs.ts) that writes the planned changes in batches, one transaction and one audit row per batch. The
// triggers of the catalogue tables tell every process and refresh the search index row by row (migration 0007).
import { sql } from "drizzle-orm";
import { query, type Db } from "#server/db/client.ts";
import { withTransaction } from "#server/db/tx.ts";
import { catalogueImportLines, catalogueImportPresets, catalogueImports } from "#server/db/schema/index.ts";
import { CsvReadError, parseCsv, readCsv, type CsvSeparator } from "#core/csv-read.ts";
import { csvText } from "#core/csv.ts";
import {
  exportHeader,
  exportLine,
  fileValue,
  guessMapping,
  IMPORT_FIELDS,
  mappingProblem,
  planFile,
  presetOf,
  type ColumnMapping,
  type FieldChange,
  type ImportField,
  type LinePlan,
  type LineStatus,
  type ModelState,
  type UpdatableField,
} from "#core/catalogue/import-csv.ts";
import { conflict, notFound, refused } from "#core/domain-errors.ts";
import { translate, type Lang } from "#core/i18n/translate.ts";
import { insertJob, wakeJobWorkers, type JobOutcome, type JobSpec, type RunningJob } from "#server/modules/jobs/jobs.service.ts";
import { staffWrite, type Audit, type StaffContext } from "#server/modules/staff/audited.ts";
import type { StaffMember } from "#server/modules/staff/staff-sessions.service.ts";

/** Lines written per transaction (and per audit row). */
export const IMPORT_BATCH = 500;
export const IMPORT_PAGE_SIZE = 50;
export const IMPORT_FILE_NAME_MAX = 120;

export type ImportStatus = "uploaded" | "checked" | "applying" | "applied" | "cancelled";
export type ImportCounts = Record<LineStatus, number> & { applied: number; conflict: number };
export type ImportView = {
  id: number;
  file_name: string;
  encoding: string;
  separator: string;
  header: string[];
  row_count: number;
  mapping: ColumnMapping;
  /** Whether the mapping is the one the dry run used (else guessed from the headers). */
  mapped: boolean;
  status: ImportStatus;
  cancel_requested: boolean;
  job_id: number | null;
  created_at: Date;
  staff_name: string;
  counts: ImportCounts;
  /** The first data line's cells, to recognise the columns while mapping them. */
  sample: string[];
};
export type ImportLine = LinePlan & { outcome: "applied" | "conflict" | null; conflicts: string[] | null };
export type LineFilter = LineStatus | "all";

type ModelRow = ModelState & { id: number };

/** The models of these references, each as its line of the file shows it. */
async function modelsByReference(db: Db, refs: string[] | null): Promise<ModelRow[]> {
  const where = refs ? sql`where m.reference in (select jsonb_array_elements_text(${JSON.stringify(refs)}::jsonb))` : sql``;
  const rows = await query<ModelRow>(
    db,
    sql`select m.id, m.reference, p.reference as product, coalesce(fr.label, '') as label_fr, coalesce(zh.label, '') as label_zh,
               m.price::text as price, m.site_price::text as site_price, m.tva::text as vat, m.stock, m.purchasable_qty,
               m.not_for_sale, m.non_gls
        from models m join products p on p.id = m.product_id
        left join model_translations fr on fr.model_id = m.id and fr.lang = 'fr'
        left join model_translations zh on zh.model_id = m.id and zh.lang = 'zh'
        ${where}
        order by p.reference, m.position, m.reference`,
  );
  return rows.map((r) => ({ ...r, stock: Number(r.stock), purchasable_qty: Number(r.purchasable_qty) }));
}

const readError = (e: unknown) => {
  if (e instanceof CsvReadError) return refused(`admin.${e.key}`, e.vars);
  throw e;
};

/** A job running for a staff member: its audit rows name them, from the job (no address). */
const jobContext = (db: Db, job: RunningJob): StaffContext => ({
  db,
  staff: { id: job.staffId, email: "", name: "", roles: [], lang: job.lang, enrolled: true } satisfies StaffMember,
  lang: job.lang,
  ip: `job:${job.id}`,
});

/** A batch that found no line to write. */
class EmptyBatch extends Error {}

export function createCatalogueImport({ batch: batchSize = IMPORT_BATCH }: { batch?: number } = {}) {
  async function upload(ctx: StaffContext, file: { name: string; bytes: Uint8Array }): Promise<number> {
    let table: ReturnType<typeof readCsv>;
    try {
      table = readCsv(file.bytes);
    } catch (e) {
      throw readError(e);
    }
    if (table.rows.length === 0) throw refused("admin.import_file_empty");
    // eslint-disable-next-line no-control-regex -- a file name shows on the page: no control characters
    const name = file.name.replace(/[\u0000-\u001f\u007f]/g, "").slice(-IMPORT_FILE_NAME_MAX) || "import.csv";
    return staffWrite(ctx, async ({ db }, audit) => {
      const [row] = await db
        .insert(catalogueImports)
        .values({
          staffId: ctx.staff.id,
          fileName: name,
          encoding: table.encoding,
          separator: table.separator,
          header: table.header,
          content: table.text.replace(/^\ufeff/, ""),
          rowCount: table.rows.length,
        })
        .returning({ id: catalogueImports.id });
      await audit({ entity: "catalogue_import", id: row.id, action: "upload", after: { file: name, lines: table.rows.length } });
      return row.id;
    });
  }

  async function counts(db: Db, id: number): Promise<ImportCounts> {
    const rows = await query<{ status: LineStatus; outcome: string | null; n: number }>(
      db,
      sql`select status, outcome, count(*)::int as n from catalogue_import_lines where import_id = ${id} group by status, outcome`,
    );
    const c: ImportCounts = { updated: 0, unchanged: 0, refused: 0, applied: 0, conflict: 0 };
    for (const r of rows) {
      c[r.status] += Number(r.n);
      if (r.outcome === "applied" || r.outcome === "conflict") c[r.outcome] += Number(r.n);
    }
    return c;
  }

  async function view(db: Db, id: number): Promise<ImportView> {
    const [row] = await query<
      Omit<ImportView, "mapping" | "mapped" | "counts" | "sample"> & { mapping: ColumnMapping | null; head: string }
    >(
      db,
      sql`select i.id, i.file_name, i.encoding, i.separator, i.header, i.row_count, i.mapping, i.status, i.cancel_requested,
                 i.job_id, i.created_at, s.name as staff_name, left(i.content, 20000) as head
          from catalogue_imports i join staff_users s on s.id = i.staff_id where i.id = ${id}`,
    );
    if (!row) throw notFound("admin.import_not_found");
    const { head, ...rest } = row;
    let sample: string[] = [];
    try {
      // the beginning of the file only: its last line may be cut, the first data line is whole
      sample = parseCsv(head, row.separator as CsvSeparator).rows[0]?.cells ?? [];
    } catch {
      sample = [];
    }
    return {
      ...rest,
      sample,
      job_id: row.job_id === null ? null : Number(row.job_id),
      id: Number(row.id),
      mapping: row.mapping ?? guessMapping(row.header),
      mapped: row.mapping !== null,
      counts: await counts(db, id),
    };
  }

  /** The last imports, newest first. */
  function recent(db: Db, limit = 10) {
    return query<{ id: number; file_name: string; status: ImportStatus; row_count: number; created_at: Date; staff_name: string }>(
      db,
      sql`select i.id, i.file_name, i.status, i.row_count, i.created_at, s.name as staff_name
          from catalogue_imports i join staff_users s on s.id = i.staff_id order by i.id desc limit ${limit}`,
    );
  }

  function presets(db: Db) {
    return query<{ id: number; name: string; mapping: Record<string, ImportField> }>(
      db,
      sql`select id, name, mapping from catalogue_import_presets order by name`,
    );
  }

  /** Saves the mapping of this file's headers under a name (replacing a preset of that name). */
  async function savePreset(ctx: StaffContext, name: string, header: string[], mapping: ColumnMapping) {
    const kept = presetOf(header, mapping);
    await staffWrite(ctx, async ({ db }, audit) => {
      const [row] = await db
        .insert(catalogueImportPresets)
        .values({ name, mapping: kept, staffId: ctx.staff.id })
        .onConflictDoUpdate({ target: catalogueImportPresets.name, set: { mapping: kept, staffId: ctx.staff.id, updatedAt: sql`now()` } })
        .returning({ id: catalogueImportPresets.id });
      await audit({ entity: "catalogue_import_preset", id: row.id, action: "save", after: { name, mapping: kept } });
    });
  }

  /**
   * The dry run: each line's plan against the catalogue as it is now, stored (a new dry run replaces the last one).
   * Nothing of the catalogue changes. Only an import not yet applied can be checked again.
   */
  async function check(ctx: StaffContext, id: number, mapping: ColumnMapping): Promise<ImportCounts> {
    const [imp] = await query<{ content: string; separator: CsvSeparator; header: string[]; status: ImportStatus }>(
      ctx.db,
      sql`select content, separator, header, status from catalogue_imports where id = ${id}`,
    );
    if (!imp) throw notFound("admin.import_not_found");
    if (imp.status !== "uploaded" && imp.status !== "checked") throw conflict("admin.import_already_applied");
    const fitted: ColumnMapping = imp.header.map((_, i) =>
      IMPORT_FIELDS.includes(mapping[i] as ImportField) ? (mapping[i] as ImportField) : "",
    );
    const problem = mappingProblem(fitted);
    if (problem) throw refused(`admin.${problem}`);
    let rows: ReturnType<typeof parseCsv>["rows"];
    try {
      rows = parseCsv(imp.content, imp.separator).rows;
    } catch (e) {
      throw readError(e);
    }
    const refCol = fitted.indexOf("reference");
    const refs = [...new Set(rows.map((r) => (r.cells[refCol] ?? "").trim()).filter((r) => r && r.length <= 40))];
    const found = new Map((await modelsByReference(ctx.db, refs)).map((m) => [m.reference, m]));
    const plans = planFile(rows, fitted, (r) => found.get(r));
    return staffWrite(ctx, async ({ db }, audit) => {
      const [locked] = await query<{ status: ImportStatus }>(db, sql`select status from catalogue_imports where id = ${id} for update`);
      if (locked.status !== "uploaded" && locked.status !== "checked") throw conflict("admin.import_already_applied");
      await db.delete(catalogueImportLines).where(sql`${catalogueImportLines.importId} = ${id}`);
      for (let i = 0; i < plans.length; i += 2000) {
        const chunk = plans.slice(i, i + 2000).map((p) => ({
          line: p.line,
          reference: p.reference,
          model_id: found.get(p.reference)?.id ?? null,
          status: p.status,
          changes: p.changes,
          reason: p.reason ?? null,
        }));
        await query(
          db,
          sql`insert into catalogue_import_lines (import_id, line, reference, model_id, status, changes, reason)
              select ${id}, v.line, v.reference, v.model_id, v.status, v.changes, v.reason
              from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
                as v(line int, reference text, model_id int, status text, changes jsonb, reason jsonb)`,
        );
      }
      await query(
        db,
        sql`update catalogue_imports set mapping = ${JSON.stringify(fitted)}::jsonb, status = 'checked', checked_at = now() where id = ${id}`,
      );
      const c = await counts(db, id);
      await audit({
        entity: "catalogue_import",
        id,
        action: "check",
        after: { updated: c.updated, unchanged: c.unchanged, refused: c.refused },
      });
      return c;
    });
  }

  /** The dry run's lines, a page of them, by status (all, updated, unchanged, refused). */
  async function lines(db: Db, id: number, filter: LineFilter, page: number) {
    const where = filter === "all" ? sql`import_id = ${id}` : sql`import_id = ${id} and status = ${filter}`;
    const [{ n }] = await query<{ n: number }>(db, sql`select count(*)::int as n from catalogue_import_lines where ${where}`);
    const list = await query<ImportLine>(
      db,
      sql`select line, reference, status, changes, reason, outcome, conflicts from catalogue_import_lines where ${where}
          order by line limit ${IMPORT_PAGE_SIZE} offset ${(page - 1) * IMPORT_PAGE_SIZE}`,
    );
    return { list: list.map((l) => ({ ...l, reason: l.reason ?? undefined })), total: Number(n), page, page_size: IMPORT_PAGE_SIZE };
  }

  /** Queues the apply job of a checked import with changes, in the transaction that marks it applying; the job's id. */
  async function apply(ctx: StaffContext, id: number): Promise<number> {
    const v = await view(ctx.db, id);
    if (v.status !== "checked") throw conflict(v.status === "uploaded" ? "admin.import_not_checked" : "admin.import_already_applied");
    if (v.counts.updated === 0) throw refused("admin.import_nothing_to_apply");
    const jobId = await staffWrite(ctx, async ({ db }, audit) => {
      const [locked] = await query<{ status: ImportStatus }>(db, sql`select status from catalogue_imports where id = ${id} for update`);
      if (locked.status !== "checked") throw conflict("admin.import_already_applied");
      const job = await insertJob(db, ctx.staff.id, ctx.lang, "catalogue_import", { import: id, file: v.file_name });
      await query(db, sql`update catalogue_imports set status = 'applying', job_id = ${job} where id = ${id}`);
      await audit({ entity: "catalogue_import", id, action: "apply", after: { job, lines: v.counts.updated } });
      return job;
    });
    wakeJobWorkers();
    return jobId;
  }

  /** Asks the running apply to stop after its current batch (the batches written stay written). */
  async function cancel(ctx: StaffContext, id: number) {
    await staffWrite(ctx, async ({ db }, audit) => {
      const done = await query(
        db,
        sql`update catalogue_imports set cancel_requested = true where id = ${id} and status = 'applying' and not cancel_requested returning id`,
      );
      if (done.length === 0) throw conflict("admin.import_not_running");
      await audit({ entity: "catalogue_import", id, action: "cancel" });
    });
  }

  /**
   * One batch: the next lines to write (none once all have their outcome), each model locked, each field written
   * when it still holds the dry run's old value (already the new one: nothing to do, the batch was written before);
   * any other value is a change made since the dry run, and that line is left as it is (a conflict). The lines'
   * outcomes, the models and the audit row commit together. How many lines it took.
   */
  async function applyBatch(ctx: StaffContext, id: number): Promise<number> {
    return staffWrite(ctx, (tx, audit) => writeBatch(tx.db, id, audit)).catch((e: unknown) => {
      if (e instanceof EmptyBatch) return 0;
      throw e;
    });
  }

  async function writeBatch(db: Db, id: number, audit: Audit): Promise<number> {
    // FOR UPDATE: a second worker on the same import (a lease that ran out) waits, then finds these lines done
    const batch = await query<{ line: number; reference: string; model_id: number | null; changes: FieldChange[] }>(
      db,
      sql`select line, reference, model_id, changes from catalogue_import_lines
          where import_id = ${id} and status = 'updated' and outcome is null order by line limit ${batchSize} for update`,
    );
    // nothing left, or only lines another worker took meanwhile: rolled back (locking rows gave it an id, no audit row)
    if (batch.length === 0) throw new EmptyBatch();
    const ids = [...new Set(batch.map((b) => b.model_id).filter((m): m is number => m !== null))].sort((a, b) => a - b);
    // models locked in primary-key order (DESIGN §4b), as every writer of stock does
    await query(
      db,
      sql`select id from models where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int) order by id for update`,
    );
    const current = new Map(
      (
        await query<ModelRow>(
          db,
          sql`select m.id, m.reference, coalesce(fr.label, '') as label_fr, coalesce(zh.label, '') as label_zh,
                     m.price::text as price, m.site_price::text as site_price, m.tva::text as vat, m.stock, m.purchasable_qty,
                     m.not_for_sale, m.non_gls
              from models m
              left join model_translations fr on fr.model_id = m.id and fr.lang = 'fr'
              left join model_translations zh on zh.model_id = m.id and zh.lang = 'zh'
              where m.id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)`,
        )
      ).map((m) => [Number(m.id), { ...m, stock: Number(m.stock), purchasable_qty: Number(m.purchasable_qty) }]),
    );
    const modelSets: Record<string, unknown>[] = [];
    const labels: { model_id: number; lang: Lang; label: string }[] = [];
    const prices: number[] = [];
    const outcomes: { line: number; outcome: "applied" | "conflict"; conflicts: string[] | null }[] = [];
    const written: Record<string, Record<string, [string, string]>> = {};
    for (const b of batch) {
      const m = b.model_id === null ? undefined : current.get(b.model_id);
      if (!m || m.reference !== b.reference) {
        outcomes.push({ line: b.line, outcome: "conflict", conflicts: ["reference"] });
        continue;
      }
      const now = (f: UpdatableField) => String(m[f]);
      const stale = b.changes.filter((c) => now(c.field) !== c.old && now(c.field) !== c.new).map((c) => c.field);
      if (stale.length) {
        outcomes.push({ line: b.line, outcome: "conflict", conflicts: stale });
        continue;
      }
      const todo = b.changes.filter((c) => now(c.field) === c.old);
      const set: Record<string, unknown> = { id: m.id };
      for (const c of todo) {
        if (c.field === "label_fr" || c.field === "label_zh")
          labels.push({ model_id: m.id, lang: c.field === "label_fr" ? "fr" : "zh", label: c.new });
        else set[c.field] = c.new;
      }
      if (Object.keys(set).length > 1) modelSets.push(set);
      if (todo.some((c) => c.field === "price" || c.field === "site_price")) prices.push(m.id);
      if (todo.length) written[b.reference] = Object.fromEntries(todo.map((c) => [c.field, [c.old, c.new]]));
      outcomes.push({ line: b.line, outcome: "applied", conflicts: null });
    }
    if (modelSets.length)
      await query(
        db,
        sql`update models m set
              price = coalesce(v.price, m.price), site_price = coalesce(v.site_price, m.site_price), tva = coalesce(v.vat, m.tva),
              stock = coalesce(v.stock, m.stock), purchasable_qty = coalesce(v.purchasable_qty, m.purchasable_qty),
              not_for_sale = coalesce(v.not_for_sale, m.not_for_sale), non_gls = coalesce(v.non_gls, m.non_gls)
            from jsonb_to_recordset(${JSON.stringify(modelSets)}::jsonb)
              as v(id int, price numeric, site_price numeric, vat numeric, stock int, purchasable_qty int, not_for_sale boolean, non_gls boolean)
            where m.id = v.id`,
      );
    if (labels.length)
      await query(
        db,
        sql`insert into model_translations (model_id, lang, label)
            select v.model_id, v.lang, v.label from jsonb_to_recordset(${JSON.stringify(labels)}::jsonb) as v(model_id int, lang text, label text)
            on conflict (model_id, lang) do update set label = excluded.label`,
      );
    if (prices.length)
      await query(
        db,
        sql`insert into price_history (model_id, price, site_price)
            select id, price, site_price from models where id in (select jsonb_array_elements_text(${JSON.stringify(prices)}::jsonb)::int)`,
      );
    await query(
      db,
      sql`update catalogue_import_lines l set outcome = v.outcome, conflicts = v.conflicts
          from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as v(line int, outcome text, conflicts jsonb)
          where l.import_id = ${id} and l.line = v.line`,
    );
    const conflicts = outcomes.filter((o) => o.outcome === "conflict").map((o) => o.line);
    await audit({
      entity: "catalogue_import",
      id,
      action: "apply_batch",
      before: Object.fromEntries(
        Object.entries(written).map(([ref, fields]) => [ref, Object.fromEntries(Object.entries(fields).map(([f, [o]]) => [f, o]))]),
      ),
      after: {
        ...Object.fromEntries(
          Object.entries(written).map(([ref, fields]) => [ref, Object.fromEntries(Object.entries(fields).map(([f, [, n]]) => [f, n]))]),
        ),
        ...(conflicts.length ? { conflict_lines: conflicts } : {}),
      },
    });
    return batch.length;
  }

  /** The report: every line of the file with what became of it, and the changes written. */
  async function report(db: Db, id: number, lang: Lang): Promise<Buffer> {
    const all = await query<ImportLine>(
      db,
      sql`select line, reference, status, changes, reason, outcome, conflicts from catalogue_import_lines where import_id = ${id} order by line`,
    );
    const t = (k: string, vars?: Record<string, string | number>) => translate(lang, `admin.${k}`, vars);
    const fieldName = (f: string) => t(`import_field_${f}`);
    const rows = all.map((l) => {
      const result =
        l.status !== "updated"
          ? t(`import_status_${l.status}`)
          : l.outcome === "applied"
            ? t("import_outcome_applied")
            : l.outcome === "conflict"
              ? t("import_outcome_conflict")
              : t("import_outcome_not_applied");
      const why =
        l.status === "refused" && l.reason
          ? `${l.reason.field ? `${fieldName(l.reason.field)} : ` : ""}${t(l.reason.key, l.reason.vars)}`
          : l.outcome === "conflict"
            ? t("import_conflict_fields", { fields: (l.conflicts ?? []).map(fieldName).join(", ") })
            : "";
      const changes = l.changes
        .map((c) => `${fieldName(c.field)} : ${fileValue(c.field, c.old)} → ${fileValue(c.field, c.new)}`)
        .join(" | ");
      return [l.line, l.reference, result, why, changes];
    });
    const header = ["report_line", "report_reference", "report_result", "report_reason", "report_changes"].map((k) => t(`import_${k}`));
    return Buffer.from(csvText([header, ...rows]), "utf8");
  }

  /** The apply job: batches until every line has its outcome or staff asked to stop; then the report. */
  async function run(db: Db, job: RunningJob, progress: (done: number, total: number) => Promise<void>): Promise<JobOutcome> {
    const id = Number(job.params.import);
    const [imp] = await query<{ status: ImportStatus; job_id: number | null }>(
      db,
      sql`select status, job_id from catalogue_imports where id = ${id}`,
    );
    if (!imp || Number(imp.job_id) !== job.id) return { failure: "admin.import_not_found" };
    const ctx = jobContext(db, job);
    const total = async () =>
      (
        await query<{ total_n: number; done: number }>(
          db,
          sql`select count(*)::int as total_n, count(outcome)::int as done from catalogue_import_lines where import_id = ${id} and status = 'updated'`,
        )
      )[0];
    let stopped = false;
    if (imp.status === "applying") {
      for (;;) {
        const [flag] = await query<{ cancel_requested: boolean }>(db, sql`select cancel_requested from catalogue_imports where id = ${id}`);
        if (flag.cancel_requested) {
          stopped = true;
          break;
        }
        const n = await applyBatch(ctx, id);
        const t = await total();
        await progress(Number(t.done), Number(t.total_n));
        if (Number(t.done) >= Number(t.total_n)) break;
        // lines another worker holds (a lease that ran out): their transaction ends soon, then they are done or free
        if (n === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await withTransaction(db, async (tx) => {
        await query(
          tx,
          sql`update catalogue_imports set status = ${stopped ? "cancelled" : "applied"} where id = ${id} and status = 'applying'`,
        );
      });
    }
    return { file: await report(db, id, job.lang), name: `import-catalogue-${id}-rapport.csv`, type: "text/csv; charset=utf-8" };
  }

  /** The whole catalogue in the import's format: every model, by product. */
  async function exportCsv(db: Db): Promise<string> {
    const models = await modelsByReference(db, null);
    return exportHeader() + models.map(exportLine).join("");
  }

  return { upload, view, recent, presets, savePreset, check, lines, apply, cancel, applyBatch, run, report, exportCsv };
}

export type CatalogueImport = ReturnType<typeof createCatalogueImport>;

export const catalogueImportJob = (db: Db, imports: CatalogueImport): JobSpec => ({
  permission: "catalogue:import",
  run: (job, report) => imports.run(db, job, report),
});
