/** Every JSON answer: `{ success, msg, ... }` per the spec, plus `message`, which the spec's own client reads. */
export type Answer = { success: boolean; msg?: string; [field: string]: unknown };

export function answerBody<T extends Answer>(body: T): T & { msg: string; message: string } {
  const msg = body.msg ?? "";
  return { ...body, msg, message: msg };
}

/** For the Worker's own refusals, outside the API's router. */
export const errorAnswer = (status: number, msg: string, headers: HeadersInit = {}): Response =>
  Response.json(answerBody({ success: false, msg }), { status, headers });
