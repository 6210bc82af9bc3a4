import { useEffect, useRef } from "react";
import { Form, useFetcher, useNavigation, Link } from "react-router";
import { answerForm } from "@worker/web/form-answer";
import { fromContext } from "@worker/web/context";
import { loadListing } from "@worker/web/loader-result";
import { badRequest } from "@worker/errors";
import { readForm } from "@worker/request-body";
import { listSearchSynonyms, removeSearchSynonym, savedSynonymMessage, saveSearchSynonym } from "@worker/services/search-synonyms";
import { MAX_SYNONYM_MEANING_LENGTH, MAX_SYNONYM_TERM_LENGTH } from "@shared/search";
import { refillFrom } from "~/lib/refill";
import { useActionToast } from "~/lib/use-action-toast";
import { useUnsavedChanges } from "~/lib/use-unsaved-changes";
import { sellerPageMeta } from "~/lib/site";
import { rescueFocusOnItems } from "~/lib/focus-rescue";
import type { Route } from "./+types/search-words";
import { BusyButton } from "~/components/BusyButton";
import { UnsavedChangesDialog } from "~/components/seller/UnsavedChangesDialog";
import { Alert } from "~/lib/field-error";

export const meta: Route.MetaFunction = () => sellerPageMeta("Search words", "Words shoppers type, and what the store calls them.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const after = new URL(request.url).searchParams.get("after") || undefined;
  return loadListing(request, () => listSearchSynonyms(fromContext(context).db, after));
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = fromContext(context);
  return answerForm(request, async () => {
    const { intent, ...fields } = Object.fromEntries(await readForm(request));
    if (intent === "add") return { msg: savedSynonymMessage(await saveSearchSynonym(worker.db, fields)) };
    if (intent === "remove") return { msg: `Removed “${(await removeSearchSynonym(worker.db, fields)).term}”` };
    throw badRequest("Choose to add or remove a word");
  });
}

/** The seller's search words (a synonym table, ADR 030). Every row's Remove posts through this one fetcher: its answer outlives the row. */
const REMOVE_FETCHER = "remove-search-word";

export default function SearchWords({ loaderData, actionData }: Route.ComponentProps) {
  const { words, nextAfter, total } = loaderData;
  const removal = useFetcher<{ ok: boolean; msg: string }>({ key: REMOVE_FETCHER });
  useActionToast(removal.state === "idle" ? removal.data : undefined);
  const navigation = useNavigation();
  const form = useRef<HTMLFormElement>(null);
  // Sent, then the page read again (its formData stays until then).
  const adding = navigation.formData?.get("intent") === "add";
  const busy = navigation.state === "submitting" && adding;
  const shown = refillFrom(actionData && !actionData.ok && actionData.typed?.intent === "add" ? actionData : undefined);
  useActionToast(actionData?.ok ? actionData : undefined);
  useEffect(() => {
    if (actionData?.ok) form.current?.reset();
  }, [actionData]);
  // Unsaved changes ask first (ADR 055); the page's one guard: a row's Remove is one click, nothing to lose.
  const { blocker, asking, keepEditing } = useUnsavedChanges(form, { saving: adding });
  return (
    <>
      <h1 className="text-2xl font-medium">Search words</h1>
      <p className="mt-2 max-w-2xl text-gray-600">
        When shoppers search for a word on the left, they also find the products whose names hold the word on the right. A meaning that names a category (for
        example “Instant”) lists that whole category.
      </p>
      <Form ref={form} method="post" className="mt-6 flex max-w-2xl flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <input type="hidden" name="intent" value="add" />
        {Object.entries({
          term: ["Shoppers type", 2, MAX_SYNONYM_TERM_LENGTH, "kela"],
          meaning: ["Finds", 3, MAX_SYNONYM_MEANING_LENGTH, "banana"],
        } as const).map(([name, [label, minLength, maxLength, placeholder]]) => (
          <div key={name} className="flex flex-1 flex-col gap-1">
            <label htmlFor={`search-word-${name}`} className="font-medium">
              {label}
            </label>
            <input
              id={`search-word-${name}`}
              name={name}
              defaultValue={shown(name, undefined)}
              required
              minLength={minLength}
              maxLength={maxLength}
              placeholder={placeholder}
              aria-describedby={actionData && !actionData.ok ? "search-word-error" : undefined}
              aria-invalid={actionData && !actionData.ok && actionData.field === name ? true : undefined}
              className="rounded border border-gray-500/40 px-3 py-2"
            />
          </div>
        ))}
        <BusyButton busy={busy} className="rounded bg-primary px-6 py-2 font-medium text-white">
          {busy ? "Saving…" : "Add word"}
        </BusyButton>
        <Alert id="search-word-error" className="text-sm text-red-700 sm:basis-full" message={actionData && !actionData.ok && actionData.msg} />
        <UnsavedChangesDialog blocker={blocker} asking={asking} onKeepEditing={keepEditing} unsaved="this search word" />
      </Form>
      <div className="mt-8 overflow-x-auto rounded-md border border-gray-500/20 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Search words, {total} in all</caption>
          <thead className="text-gray-900">
            <tr>
              <th className="px-4 py-3 font-semibold">Shoppers type</th>
              <th className="px-4 py-3 font-semibold">Finds</th>
              <th className="px-4 py-3 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody ref={rescueFocusOnItems} className="text-gray-600">
            {words.map((word) => (
              <WordRow key={word.term} term={word.term} meaning={word.meaning} category={word.category} />
            ))}
          </tbody>
        </table>
        {words.length === 0 && <p className="p-6 text-gray-600">No search words yet.</p>}
      </div>
      {nextAfter && (
        <Link to={`/seller/search-words?${new URLSearchParams({ after: nextAfter })}`} className="mt-6 inline-block text-primary hover:underline">
          Next page →
        </Link>
      )}
    </>
  );
}

function WordRow({ term, meaning, category }: { term: string; meaning: string; category: string | null }) {
  const remove = useFetcher<{ ok: boolean; msg: string }>({ key: REMOVE_FETCHER });
  // Gone at once; a refusal brings it back (the page's toast says why).
  if (remove.formData?.get("term") === term) return null;
  return (
    <tr className="border-t border-gray-500/20">
      <td className="px-4 py-3 font-medium text-gray-800">{term}</td>
      <td className="px-4 py-3">{category ? `${meaning} (the ${category} aisle)` : meaning}</td>
      <td className="px-4 py-3 text-right">
        <remove.Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="term" value={term} />
          <button type="submit" className="text-red-700 hover:underline" aria-label={`Remove ${term}`}>
            Remove
          </button>
        </remove.Form>
      </td>
    </tr>
  );
}
