import { useId, useState } from "react";
import { useFetcher, Link } from "react-router";
import type { ActionFailure } from "@worker/web/form-answer";
import { refillFrom } from "~/lib/refill";
import { submitAfterCartSaved } from "~/lib/cart";
import { useFailureToast } from "~/lib/use-action-toast";
import { Alert, useFieldError } from "~/lib/field-error";
import { loginPagePath, type LoginMode as Mode } from "~/lib/login-dialog";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from "@shared/accounts";
import { BusyButton } from "~/components/BusyButton";
import { Field } from "~/components/Field";
import { withoutDefault } from "~/lib/without-default";

type AuthFormProps = { initialMode?: Mode; redirectTo?: string; refusal?: ActionFailure | null; heading?: "h1" | "h2" };
/** Login / sign-up, posting to /login (works before JavaScript); the toggle is a link to the other mode, a fresh form per mode. */
export function AuthForm({ initialMode = "login", redirectTo = "/", refusal = null, heading = "h2" }: AuthFormProps) {
  const [mode, setMode] = useState<Mode>(initialMode);
  return <ModeForm key={mode} mode={mode} redirectTo={redirectTo} refusal={mode === initialMode ? refusal : null} heading={heading} setMode={setMode} />;
}

type ModeFormProps = { mode: Mode; redirectTo: string; refusal: ActionFailure | null; heading: "h1" | "h2"; setMode: (mode: Mode) => void };
/** `refusal`: a post refused without JavaScript (a flash): why, and the name and e-mail typed. */
function ModeForm({ mode, redirectTo, refusal, heading: Heading, setMode }: ModeFormProps) {
  const fetcher = useFetcher<ActionFailure>();
  const id = useId();
  const busy = fetcher.state !== "idle";
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.msg : null;
  const other: Mode = mode === "login" ? "register" : "login";
  useFailureToast(fetcher.state, error);
  const shownRefusal = fetcher.data ?? refusal;
  const { general, fieldProps, errorFor } = useFieldError(shownRefusal, id, mode === "login" ? ["email", "password"] : ["name", "email", "password"]);
  const shown = refillFrom(refusal);
  const field = (name: string, hint?: string) => ({ id: `${id}-${name}`, name, defaultValue: shown(name), ...fieldProps(name, hint), error: errorFor(name) });

  // Sent once the cart's changes on their way are saved: a product added a moment ago goes to the account too.
  return (
    <fetcher.Form method="post" action={loginPagePath(mode, redirectTo)} onSubmit={submitAfterCartSaved} className="flex flex-col gap-4 text-sm text-gray-600">
      <Heading className="m-auto text-2xl font-medium">
        <span className="text-primary">User</span> {mode === "login" ? "Login" : "Sign Up"}
      </Heading>
      <input type="hidden" name="intent" value={mode} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {mode === "register" && <Field label="Name" type="text" autoComplete="name" placeholder="Your name" maxLength={NAME_MAX} {...field("name")} />}
      <Field label="Email" type="email" autoComplete="email" placeholder="you@example.com" maxLength={EMAIL_MAX} {...field("email")} />
      <Field
        label="Password"
        type="password"
        autoComplete={mode === "login" ? "current-password" : "new-password"}
        placeholder={mode === "login" ? "Your password" : "Choose a password"}
        minLength={mode === "register" ? PASSWORD_MIN : undefined}
        maxLength={PASSWORD_MAX}
        {...field("password", mode === "register" ? `${id}-password-hint` : undefined)}
      />
      {/* The rule stays in sight while typing (a placeholder goes at the first key). */}
      {mode === "register" && (
        <p id={`${id}-password-hint`} className="-mt-3 text-xs text-gray-500">
          At least {PASSWORD_MIN} characters, and not a common password such as password123.
        </p>
      )}
      <Alert className="text-red-600" message={general} />
      <p>
        {mode === "login" ? "New here? " : "Already have an account? "}
        <Link to={loginPagePath(other, redirectTo)} onClick={withoutDefault(() => setMode(other))} className="text-primary underline">
          {mode === "login" ? "Sign up" : "Log in"}
        </Link>
      </p>
      <BusyButton busy={busy} className="w-full rounded-md bg-primary py-2 text-white hover:bg-primary-dull">
        {mode === "login" ? "Login" : "Create Account"}
      </BusyButton>
    </fetcher.Form>
  );
}
