import type { ComponentProps, ReactNode } from "react";

type TitledSectionProps = Omit<ComponentProps<"section">, "title"> & { titleId: string; title: ReactNode; titleClassName?: string };
/** A `<section>` named by its `<h2>` (`aria-labelledby`). */
export function TitledSection({ titleId, title, titleClassName = "text-lg font-medium", children, ...section }: TitledSectionProps) {
  return (
    <section aria-labelledby={titleId} {...section}>
      <h2 id={titleId} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
