import { fromContext } from "@worker/web/context";
import { answerForm } from "@worker/web/form-answer";
import { readForm } from "@worker/request-body";
import { bestSellers, toProductCard } from "@worker/services/catalog";
import { limitNewsletter } from "@worker/security/rate-limit";
import { subscribe } from "@worker/services/newsletter";
import { Categories } from "~/components/home/Categories";
import { MainBanner } from "~/components/home/MainBanner";
import { Newsletter } from "~/components/home/Newsletter";
import { WhyUs } from "~/components/home/WhyUs";
import { ProductGrid } from "~/components/ProductCard";
import { seoMeta } from "@worker/web/seo";
import { pageMeta, pageTitle, siteAt } from "~/lib/site";
import type { Route } from "./+types/home";

const DESCRIPTION = "Fresh vegetables, fruits, dairy, bakery, drinks and snacks delivered to your door. Prices in ₹.";

export const meta: Route.MetaFunction = ({ loaderData }) => [...pageMeta(undefined, DESCRIPTION), ...(loaderData?.seo ?? [])];

export async function loader({ context }: Route.LoaderArgs) {
  const worker = fromContext(context);
  const seo = seoMeta({ site: siteAt(worker.env.APP_URL), path: "/", title: pageTitle(), description: DESCRIPTION });
  return { bestSellers: (await bestSellers(worker.db)).map(toProductCard), seo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const worker = fromContext(context);
  return answerForm(request, async () => {
    const form = await readForm(request);
    await limitNewsletter(worker.env, request);
    return { msg: (await subscribe(worker.db, { email: form.get("email") })).msg };
  });
}

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <MainBanner />
      <Categories />
      <section className="mt-16" aria-labelledby="best-sellers-title">
        <h2 id="best-sellers-title" className="mb-6 text-2xl font-medium md:text-3xl">
          Best Sellers
        </h2>
        <ProductGrid products={loaderData.bestSellers} />
      </section>
      <WhyUs />
      <Newsletter result={actionData} />
    </>
  );
}
