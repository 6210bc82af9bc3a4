/**
 * The one shape of every JSON answer: `{ success, msg, ... }` as the spec says, and `message`
 * next to `msg`, because the spec's own client reads `message` (its toasts were empty otherwise).
 */
export type Answer = { success: boolean; msg?: string; [field: string]: unknown };

export function answerBody<T extends Answer>(body: T): T & { msg: string; message: string } {
  const msg = body.msg ?? "";
  return { ...body, msg, message: msg };
}

/** An error answer for the layers outside the API's router (the Worker's own refusals). */
export function errorAnswer(status: number, msg: string, headers: HeadersInit = {}): Response {
  return Response.json(answerBody({ success: false, msg }), { status, headers });
}
