import { fromContext } from "@worker/web/context";
import { answerForm } from "@worker/web/form-answer";
import { readForm } from "@worker/request-body";
import { bestSellers, toProductCard } from "@worker/services/catalog";
import { limitNewsletter } from "@worker/security/rate-limit";
import { subscribe } from "@worker/services/newsletter";
import { Link } from "react-router";
import { CATEGORIES } from "@shared/categories";
import { imageUrl } from "@shared/images";
import { TitledSection } from "~/components/TitledSection";
import { Newsletter } from "~/components/home/Newsletter";
import { SITE_IMAGES } from "~/lib/site-images";
import { useStorefront } from "~/lib/root-data";
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

const FEATURES = [
  { icon: SITE_IMAGES.featureDelivery, title: "Fastest Delivery", description: "" },
  { icon: SITE_IMAGES.featureFresh, title: "Freshness Guaranteed", description: "Fresh produce straight from the source." },
  { icon: SITE_IMAGES.featurePrice, title: "Affordable Prices", description: "Quality groceries at unbeatable prices." },
  { icon: SITE_IMAGES.featureTrust, title: "Trusted by Thousands", description: "Loved by 10,000+ happy customers." },
];

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const store = useStorefront();
  return (
    <>
      {/* HTML over a gradient rather than one big picture: its text is the LCP, and it scales without separate files. */}
      {/* On a phone one short band, so the categories are on the first screen. */}
      <section className="relative mt-4 overflow-hidden rounded-2xl bg-gradient-to-br from-[#e6f4ea] via-[#f3faf5] to-[#fef6da] md:mt-6">
        <div className="flex flex-col items-center gap-6 px-5 py-6 text-center md:flex-row md:justify-between md:px-14 md:py-16 md:text-left">
          <div className="max-w-xl">
            <h1 className="text-2xl leading-tight font-bold text-gray-900 md:text-5xl">Freshness You Can Trust, Savings You Will Love!</h1>
            {store && (
              <p className="mt-2 text-sm text-gray-700 md:mt-4 md:text-lg" data-testid="hero-promise">
                Groceries and snacks at your door. {store.words.promise}
              </p>
            )}
            <div className="mt-3 flex flex-wrap items-center justify-center gap-x-4 md:mt-6 md:justify-start">
              <Link to="/products" className="rounded-full bg-primary px-7 py-3 font-medium text-white hover:bg-primary-dull">
                Shop Now
              </Link>
              {/* The biggest discounts first, until the store has offers of its own. */}
              <Link to="/products?sort=discount" className="group flex items-center gap-2 px-4 py-3 font-medium text-primary-dull">
                Explore Deals{" "}
                <span aria-hidden="true" className="transition group-hover:translate-x-1">
                  →
                </span>
              </Link>
            </div>
          </div>
          <div className="relative hidden items-end justify-center md:flex">
            <img src={imageUrl(SITE_IMAGES.heroBasket)} alt="" width={256} height={256} fetchPriority="high" className="h-64 w-64" />
            <img src={imageUrl(SITE_IMAGES.heroScooter)} alt="" width={256} height={256} loading="lazy" className="-ml-8 h-32 w-32" />
          </div>
        </div>
      </section>
      <TitledSection titleId="categories-title" title="Categories" titleClassName="text-xl font-medium md:text-3xl" className="mt-6 md:mt-16">
        <ul className="mt-3 grid grid-cols-4 gap-2 md:mt-6 md:gap-4 lg:grid-cols-7">
          {CATEGORIES.map((category) => (
            <li key={category.path}>
              <Link
                to={`/products/${category.path.toLowerCase()}`}
                className="group flex h-full flex-col items-center justify-center gap-1 rounded-lg px-1 py-2 text-center md:gap-2 md:px-3 md:py-5"
                style={{ backgroundColor: category.bgColor }}
              >
                <img src={imageUrl(category.image)} alt="" width={96} height={96} className="h-12 w-12 transition group-hover:scale-110 md:h-20 md:w-20" />
                <span className="text-xs font-medium text-gray-800 md:text-sm">{category.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </TitledSection>
      <TitledSection titleId="best-sellers-title" title="Best Sellers" titleClassName="mb-6 text-2xl font-medium md:text-3xl" className="mt-16">
        <ProductGrid products={loaderData.bestSellers} />
      </TitledSection>
      <section className="mt-24 overflow-hidden rounded-2xl bg-gradient-to-br from-[#fef6da] to-[#e6f4ea]" aria-labelledby="why-us-title">
        <div className="flex flex-col items-center gap-8 px-6 py-10 md:flex-row md:px-14">
          <img src={imageUrl(SITE_IMAGES.heroProduce)} alt="" width={256} height={256} loading="lazy" className="h-40 w-40 md:h-56 md:w-56" />
          <div>
            <h2 id="why-us-title" className="text-2xl font-semibold text-primary-dull md:text-3xl">
              Why We Are The Best?
            </h2>
            <ul className="mt-6 grid gap-5 sm:grid-cols-2">
              {FEATURES.map((feature) => (
                <li key={feature.title} className="flex items-center gap-4">
                  <img src={imageUrl(feature.icon)} alt="" width={48} height={48} loading="lazy" className="h-12 w-12" />
                  <div>
                    <h3 className="text-lg font-semibold">{feature.title}</h3>
                    <p className="text-sm text-gray-600">{feature.description || store?.words.promise}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <Newsletter result={actionData} />
    </>
  );
}
