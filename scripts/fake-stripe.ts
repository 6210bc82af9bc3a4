/**
 * A small fake of the Stripe API, for tests and offline demos: the real `stripe` client talks to
 * it (STRIPE_API_BASE), and its hosted "checkout page" pays and sends a webhook signed with
 * Stripe's own test helper. It implements only what the store uses.
 *
 *   node scripts/fake-stripe.ts --port 12111 --webhook http://127.0.0.1:8787/api/stripe/webhook
 *
 * Control endpoints for fault injection: POST /__control {"fail": 500 | 429 | "slow", "times": n,
 * "email"?: the payer it applies to} (session creations; 500 and 429 also closing one), GET /__sessions,
 * GET /__calls?email= (API calls made for that payer's sessions), POST /__reset (faults set for no payer),
 * POST /__expire/<session id> (the session times out as Stripe's would at its `expires_at`: it
 * expires and its webhook is sent). As Stripe's: `checkout.sessions.expire` closes an open
 * session and refuses any other; a session past its `expires_at` is expired; the pay page refuses
 * a session that is no longer open. Its page offers the session's `payment_method_types`, or, when the
 * store sent none (Stripe's dynamic payment methods), UPI and card, as a Dashboard with both switched on.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const FAKE_STRIPE_SECRET_KEY = "sk_test_fake_offline_key";
export const FAKE_STRIPE_WEBHOOK_SECRET = "whsec_fake_offline_secret";

type Session = {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  amount_total: number;
  currency: string;
  metadata: Record<string, string>;
  client_reference_id: string | null;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  line_items: { name: string; unit_amount: number; quantity: number }[];
  payment_method_types: string[];
  /** Unix seconds, as sent (null when the store sent none). */
  expires_at: number | null;
  /** Set once paid: what refunds name. */
  payment_intent: string | null;
};

type Refund = { id: string; object: "refund"; amount: number; currency: "inr"; payment_intent: string; metadata: Record<string, string>; status: string };

export type FakeStripe = {
  url: string;
  port: number;
  server: Server;
  sessions: Map<string, Session>;
  /** Times POST /v1/checkout/sessions was called (including failed and replayed calls). */
  createCalls: () => number;
  close: () => Promise<void>;
};

export async function startFakeStripe(options: { port?: number; webhookUrl?: string; webhookSecret?: string } = {}): Promise<FakeStripe> {
  const sessions = new Map<string, Session>();
  const refunds = new Map<string, Refund>();
  const idempotent = new Map<string, string>(); // Idempotency-Key → response body
  const signer = new Stripe(FAKE_STRIPE_SECRET_KEY);
  const webhookSecret = options.webhookSecret ?? FAKE_STRIPE_WEBHOOK_SECRET;
  // One fake serves every test file at once: a fault is kept to one payer's sessions (`email`), so
  // files running together never take or clear each other's; reset forgets the faults set for no
  // payer but keeps sessions (another file may still read its own).
  type Fault = { fail: 500 | 429 | "slow"; times: number };
  const faults = new Map<string, Fault>(); // payer's e-mail, or "" for every payer
  const faultFor = (payer: string | null | undefined) => {
    const fault = (payer ? faults.get(payer) : undefined) ?? faults.get("");
    return fault && fault.times > 0 ? fault : undefined;
  };
  let createCalls = 0;
  /** Calls to the API per payer's e-mail: what a shopper's requests spent of the store's Stripe rate limit. */
  const callsByPayer = new Map<string, number>();
  const countCall = (email: string | null | undefined) => {
    if (email) callsByPayer.set(email, (callsByPayer.get(email) ?? 0) + 1);
  };
  let base = "";

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", base);
      const body = await readBody(req);

      if (url.pathname === "/__control" && req.method === "POST") {
        const { fail, times, email = "" } = JSON.parse(body || "{}") as Partial<Fault> & { email?: string };
        if (fail) faults.set(email, { fail, times: times ?? 1 });
        else faults.delete(email);
        return send(res, 200, { ok: true });
      }
      if (url.pathname === "/__reset" && req.method === "POST") {
        faults.delete("");
        createCalls = 0;
        return send(res, 200, { ok: true });
      }
      if (url.pathname === "/__sessions") return send(res, 200, [...sessions.values()].map(expireIfDue));
      if (url.pathname === "/__refunds") return send(res, 200, [...refunds.values()]);
      if (url.pathname === "/__calls") return send(res, 200, { calls: callsByPayer.get(url.searchParams.get("email") ?? "") ?? 0 });
      const expireMatch = url.pathname.match(/^\/__expire\/([\w-]+)$/);
      if (expireMatch && req.method === "POST") {
        const session = sessions.get(expireMatch[1]!);
        if (!session || session.status !== "open") return send(res, 409, { error: { type: "invalid_request_error", message: "Only an open session expires" } });
        session.status = "expired";
        if (options.webhookUrl) await deliver(options.webhookUrl, "checkout.session.expired", session);
        return send(res, 200, session);
      }

      if (url.pathname === "/v1/checkout/sessions" && req.method === "POST") {
        createCalls++;
        const payer = new URLSearchParams(body).get("customer_email");
        countCall(payer);
        const fault = faultFor(payer);
        if (fault) {
          fault.times--;
          if (fault.fail === "slow") await new Promise((r) => setTimeout(r, 15_000));
          else return send(res, fault.fail, { error: { type: "api_error", message: `fake ${fault.fail}` } }, { "Stripe-Should-Retry": "false" });
        }
        const key = req.headers["idempotency-key"];
        if (typeof key === "string" && idempotent.has(key)) return sendRaw(res, 200, idempotent.get(key)!);
        const session = createSession(new URLSearchParams(body), base);
        sessions.set(session.id, session);
        const json = JSON.stringify(session);
        if (typeof key === "string") idempotent.set(key, json);
        return sendRaw(res, 200, json);
      }

      // Stripe's own expiry of an open session (the store closes one a newer order replaced): its webhook follows.
      const closeMatch = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/);
      if (closeMatch && req.method === "POST") {
        const session = sessions.get(closeMatch[1]!);
        if (!session) return send(res, 404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        countCall(session.customer_email);
        expireIfDue(session);
        const fault = faultFor(session.customer_email);
        if (fault && fault.fail !== "slow") {
          fault.times--;
          return send(res, fault.fail, { error: { type: "api_error", message: `fake ${fault.fail}` } }, { "Stripe-Should-Retry": "false" });
        }
        if (session.status !== "open")
          return send(res, 400, {
            error: {
              type: "invalid_request_error",
              message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
            },
          });
        session.status = "expired";
        if (options.webhookUrl) await deliver(options.webhookUrl, "checkout.session.expired", session);
        return send(res, 200, session);
      }

      const sessionMatch = url.pathname.match(/^\/v1\/checkout\/sessions\/([\w-]+)$/);
      if (sessionMatch && req.method === "GET") {
        const session = sessions.get(sessionMatch[1]!);
        countCall(session?.customer_email);
        return session ? send(res, 200, expireIfDue(session)) : send(res, 404, { error: { type: "invalid_request_error", message: "No such session" } });
      }

      // A refund of a paid session's payment, at most what is left of it; succeeded a moment later, with its events.
      if (url.pathname === "/v1/refunds" && req.method === "POST") {
        const form = new URLSearchParams(body);
        const session = [...sessions.values()].find((s) => s.payment_intent && s.payment_intent === form.get("payment_intent"));
        countCall(session?.customer_email);
        const fault = faultFor(session?.customer_email);
        if (fault) {
          fault.times--;
          return send(
            res,
            fault.fail === "slow" ? 500 : fault.fail,
            { error: { type: "api_error", message: `fake ${fault.fail}` } },
            { "Stripe-Should-Retry": "false" },
          );
        }
        const key = req.headers["idempotency-key"];
        if (typeof key === "string" && idempotent.has(key)) return sendRaw(res, 200, idempotent.get(key)!);
        if (!session) return send(res, 400, { error: { type: "invalid_request_error", message: "No such payment_intent" } });
        const refunded = [...refunds.values()]
          .filter((r) => r.payment_intent === session.payment_intent && r.status !== "failed")
          .reduce((n, r) => n + r.amount, 0);
        const amount = Number(form.get("amount") ?? session.amount_total - refunded);
        if (!(amount > 0) || amount > session.amount_total - refunded) {
          return send(res, 400, {
            error: {
              type: "invalid_request_error",
              message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${session.amount_total - refunded})`,
            },
          });
        }
        const metadata = Object.fromEntries([...form].flatMap(([name, value]) => (name.startsWith("metadata[") ? [[name.slice(9, -1), value]] : [])));
        const refund: Refund = {
          id: `re_${crypto.randomUUID().replace(/-/g, "")}`,
          object: "refund",
          amount,
          currency: "inr",
          payment_intent: session.payment_intent!,
          metadata,
          status: "pending",
        };
        refunds.set(refund.id, refund);
        const json = JSON.stringify(refund);
        if (typeof key === "string") idempotent.set(key, json);
        sendRaw(res, 200, json);
        setTimeout(() => {
          refund.status = "succeeded";
          if (!options.webhookUrl) return;
          const charge = {
            id: `ch_${session.id}`,
            object: "charge",
            payment_intent: refund.payment_intent,
            amount: session.amount_total,
            amount_refunded: refunded + amount,
          };
          void deliver(options.webhookUrl, "refund.updated", refund).then(() =>
            deliver(options.webhookUrl!, "charge.refunded", { ...charge, refunds: { object: "list", data: [refund] } }),
          );
        }, 300);
        return;
      }

      // The "hosted checkout page" a shopper is sent to.
      const payMatch = url.pathname.match(/^\/pay\/([\w-]+)$/);
      if (payMatch) {
        const session = sessions.get(payMatch[1]!);
        if (!session) return sendRaw(res, 404, "Unknown checkout session", "text/plain");
        expireIfDue(session);
        // As Stripe's page: a session no longer open cannot be paid.
        if (session.status !== "open" && !(req.method === "POST" && new URLSearchParams(body).get("action") === "cancel")) {
          return sendRaw(
            res,
            410,
            `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head><body><h1>This checkout session is ${session.status === "complete" ? "already paid" : "expired"}</h1></body></html>`,
            "text/html; charset=utf-8",
          );
        }
        if (req.method === "GET") return sendRaw(res, 200, checkoutPage(session), "text/html; charset=utf-8");
        if (req.method === "POST") {
          const action = new URLSearchParams(body).get("action");
          if (action === "cancel") {
            res.writeHead(303, { Location: session.cancel_url }).end();
            return;
          }
          session.status = "complete";
          session.payment_status = "paid";
          session.payment_intent = `pi_${session.id.slice(3)}`;
          if (options.webhookUrl) await deliver(options.webhookUrl, "checkout.session.completed", session);
          res.writeHead(303, { Location: session.success_url }).end();
          return;
        }
      }
      send(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method} ${url.pathname})` } });
    } catch (error) {
      send(res, 500, { error: { type: "api_error", message: String(error) } });
    }
  });

  async function deliver(webhookUrl: string, type: string, object: object) {
    const payload = JSON.stringify({
      id: `evt_${crypto.randomUUID().replace(/-/g, "")}`,
      object: "event",
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    });
    const signature = await signer.webhooks.generateTestHeaderStringAsync({ payload, secret: webhookSecret });
    await fetch(webhookUrl, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body: payload });
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    server,
    sessions,
    createCalls: () => createCalls,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** As Stripe: an open session past its `expires_at` is expired (its page refuses payment, the API says so). */
function expireIfDue(session: Session): Session {
  if (session.status === "open" && session.expires_at !== null && session.expires_at * 1000 <= Date.now()) session.status = "expired";
  return session;
}

function createSession(form: URLSearchParams, base: string): Session {
  const id = `cs_test_${crypto.randomUUID().replace(/-/g, "")}`;
  const lineItems: Session["line_items"] = [];
  for (let i = 0; form.has(`line_items[${i}][quantity]`); i++) {
    lineItems.push({
      name: form.get(`line_items[${i}][price_data][product_data][name]`) ?? "",
      unit_amount: Number(form.get(`line_items[${i}][price_data][unit_amount]`)),
      quantity: Number(form.get(`line_items[${i}][quantity]`)),
    });
  }
  const methods = [...form].filter(([key]) => /^payment_method_types\[\d*\]$/.test(key)).map(([, type]) => type);
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const m = key.match(/^metadata\[(.+)\]$/);
    if (m) metadata[m[1]!] = value;
  }
  return {
    id,
    object: "checkout.session",
    url: `${base}/pay/${id}`,
    status: "open",
    payment_status: "unpaid",
    amount_total: lineItems.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0),
    currency: form.get("line_items[0][price_data][currency]") ?? "inr",
    metadata,
    client_reference_id: form.get("client_reference_id"),
    customer_email: form.get("customer_email"),
    success_url: form.get("success_url") ?? "",
    cancel_url: form.get("cancel_url") ?? "",
    line_items: lineItems,
    payment_method_types: methods.length > 0 ? methods : ["upi", "card"],
    payment_intent: null,
    expires_at: form.has("expires_at") ? Number(form.get("expires_at")) : null,
  };
}

const METHOD_NAMES: Record<string, string> = { upi: "UPI (scan the QR code or open your UPI app)", card: "Card" };

function checkoutPage(session: Session): string {
  const rows = session.line_items.map((l) => `<li>${escapeHtml(l.name)} × ${l.quantity}: ₹${((l.unit_amount * l.quantity) / 100).toFixed(2)}</li>`).join("");
  const methods = session.payment_method_types
    .map(
      (type, i) =>
        `<label><input type="radio" name="method" value="${escapeHtml(type)}"${i === 0 ? " checked" : ""}> ${escapeHtml(METHOD_NAMES[type] ?? type)}</label><br>`,
    )
    .join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head>
<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">
<h1>Fake Stripe Checkout</h1><p>Test mode: nothing is charged; a UPI payment is approved at once.</p><ul>${rows}</ul>
<p>Total: <strong data-testid="fake-total">₹${(session.amount_total / 100).toFixed(2)}</strong></p>
<form method="post"><fieldset><legend>Pay with</legend>${methods}</fieldset><input type="hidden" name="action" value="pay"><button type="submit">Pay ₹${(session.amount_total / 100).toFixed(2)}</button></form>
<form method="post"><input type="hidden" name="action" value="cancel"><button type="submit">Cancel</button></form>
</body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (data += chunk));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  sendRaw(res, status, JSON.stringify(body), "application/json", headers);
}

function sendRaw(res: ServerResponse, status: number, body: string, type = "application/json", headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": type, ...headers }).end(body);
}

// Run directly: a standalone fake for the browser tests and offline demos.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { parseArgs } = await import("node:util");
  const { values } = parseArgs({ options: { port: { type: "string", default: "12111" }, webhook: { type: "string" } } });
  const fake = await startFakeStripe({ port: Number(values.port), webhookUrl: values.webhook });
  console.log(`Fake Stripe listening on ${fake.url}`);
}
