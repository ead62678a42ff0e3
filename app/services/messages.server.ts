import * as z from "zod/v4";
import type { Upstream } from "~/lib/http/upstream.server";

/** Messages (spec 001 §7): count, page, read, delete. */
const MESSAGE = "/saas-business/v1/student/message";

export const MESSAGE_PAGE_SIZE = 10;

export const MessageCount = z.looseObject({ unReadNum: z.coerce.number(), total: z.coerce.number().nullish() });

export function messageCount(upstream: Upstream) {
  return upstream.call({ path: `${MESSAGE}/count`, schema: MessageCount });
}

export const Message = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string(),
  content: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  messageType: z.string().nullish(),
  readFlag: z.union([z.number(), z.boolean()]).transform((v) => v === 1 || v === true),
  createTime: z.string().nullish(),
});
export type Message = z.infer<typeof Message>;

export const MessagePage = z.looseObject({
  records: z.array(Message),
  total: z.coerce.number(),
  current: z.coerce.number(),
  size: z.coerce.number(),
});

export function messagePage(upstream: Upstream, options: { page?: number; pageSize?: number; readFlag?: 0 | 1 } = {}) {
  return upstream.call({
    path: `${MESSAGE}/page`,
    query: { page: options.page ?? 1, pageSize: options.pageSize ?? MESSAGE_PAGE_SIZE, readFlag: options.readFlag },
    schema: MessagePage,
  });
}

export function readMessage(upstream: Upstream, id: string) {
  return upstream.call({ method: "POST", path: `${MESSAGE}/read/${encodeURIComponent(id)}`, schema: z.unknown(), expect: ["business"] });
}

export function deleteMessage(upstream: Upstream, id: string) {
  return upstream.call({ method: "DELETE", path: `${MESSAGE}/delete/${encodeURIComponent(id)}`, schema: z.unknown(), expect: ["business"] });
}
