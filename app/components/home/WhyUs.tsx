import { imageUrl } from "@shared/images";
import { SITE_IMAGES } from "~/lib/site-images";
import { useStorefront } from "~/lib/root-data";

const FEATURES = [
  { icon: SITE_IMAGES.featureDelivery, title: "Fastest Delivery", description: "" },
  { icon: SITE_IMAGES.featureFresh, title: "Freshness Guaranteed", description: "Fresh produce straight from the source." },
  { icon: SITE_IMAGES.featurePrice, title: "Affordable Prices", description: "Quality groceries at unbeatable prices." },
  { icon: SITE_IMAGES.featureTrust, title: "Trusted by Thousands", description: "Loved by 10,000+ happy customers." },
];

export function WhyUs() {
  const store = useStorefront();
  return (
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
  );
}
