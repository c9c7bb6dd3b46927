// The shipping e-mail, written in the transaction that hands the order to the carrier: the order's lines, delivery
// and money as its detail shows them, in the customer's language, with the link to follow it.
import type { Db } from "#server/db/client.ts";
import { contextOf } from "#server/context.ts";
import { formatDate } from "#core/format-date.ts";
import { mailOrderOf, shippingMail } from "#core/mail/order-mail.ts";
import { enqueueMail } from "#server/modules/outbox/outbox.service.ts";
import { orderDetail } from "./orders.service.ts";
import { orderRecipient, orderUrl } from "./order-mail.ts";

export async function enqueueShippingMail(tx: Db, orderId: number, at: Date, publicUrl: string): Promise<void> {
  const to = await orderRecipient(tx, orderId);
  const o = await orderDetail(contextOf(tx, to.customer_id, to.lang), { id: orderId });
  const mail = shippingMail(to.lang, mailOrderOf(o), {
    date: formatDate(at, to.lang, "long"),
    links: { order: orderUrl(publicUrl, to.lang, o.number) },
  });
  await enqueueMail(tx, { to: to.email, ...mail });
}
