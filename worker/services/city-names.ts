/** Cities known by two names (or three), so an order search for one finds the other; lower case, as `nameKey` writes them. */
const SAME_CITY = `bengaluru/bangalore mysuru/mysore mangaluru/mangalore belagavi/belgaum kalaburagi/gulbarga hubballi/hubli vijayapura/bijapur
  ballari/bellary shivamogga/shimoga tumakuru/tumkur chikkamagaluru/chikmagalur hosapete/hospet mumbai/bombay chennai/madras kolkata/calcutta
  gurugram/gurgaon pune/poona vadodara/baroda kochi/cochin thiruvananthapuram/trivandrum puducherry/pondicherry prayagraj/allahabad varanasi/banaras/benares`
  .split(/\s+/)
  .map((names) => names.split("/"));

const SHORTEST_PARTIAL_NAME = 3;

/** The key, and the other names of a city it starts ("bangalore north") or begins to spell ("banga"). */
export function cityPrefixes(key: string): string[] {
  const prefixes = new Set([key]);
  for (const names of SAME_CITY) {
    for (const name of names) {
      const others = names.filter((other) => other !== name);
      if (key === name || key.startsWith(`${name} `)) for (const other of others) prefixes.add(other + key.slice(name.length));
      else if (key.length >= SHORTEST_PARTIAL_NAME && name.startsWith(key)) for (const other of others) prefixes.add(other);
    }
  }
  return [...prefixes];
}
