import type { ReactNode } from "react";

export function InfoPage({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  return (
    <article className="mx-auto mt-12 max-w-3xl space-y-4 leading-relaxed text-gray-700 [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-gray-900 [&_li]:ml-5 [&_ul]:list-disc">
      <h1 className="text-3xl font-semibold text-gray-900">{title}</h1>
      {updated && <p className="text-sm text-gray-500">Last updated {updated}</p>}
      {children}
    </article>
  );
}
