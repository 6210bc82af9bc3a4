import type { TestProject } from "vitest/node";
import { startFakeStripe } from "../../scripts/fake-stripe.ts";

declare module "vitest" {
  export interface ProvidedContext {
    fakeStripeUrl: string;
  }
}

// One fake Stripe server for the whole runtime suite (Node side); the Worker reaches it over loopback.
export default async function setup(project: TestProject) {
  const fake = await startFakeStripe();
  project.provide("fakeStripeUrl", fake.url);
  return () => fake.close();
}
