// The client a per-address brake counts: CF-Connecting-IP (X-Forwarded-For is forgeable); IPv6 by its /64, all one subscriber's to pick addresses from.
export function clientAddress(request: Request): string {
  const raw = request.headers.get("cf-connecting-ip")?.trim() ?? "";
  if (!raw) return "unknown";
  if (!raw.includes(":")) return raw.slice(0, 45);
  return ipv6Network(raw) ?? raw.slice(0, 45);
}

const GROUP = /^[0-9a-f]{1,4}$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** "2001:db8:a:b::/64" for any address of that network; the IPv4 client of an IPv4-mapped address; null when it is no IPv6 address. */
function ipv6Network(address: string): string | null {
  const bare = address
    .replace(/^\[|\]$/g, "")
    .split("%")[0]!
    .toLowerCase();
  const mapped = bare.match(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/);
  if (mapped) return mapped[1]!;
  const halves = bare.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (half: string | undefined) => {
    if (!half) return [];
    const groups = half.split(":");
    // A dotted IPv4 tail stands for the last two groups.
    if (IPV4.test(groups.at(-1)!)) groups.splice(-1, 1, "0", "0");
    return groups;
  };
  const head = groupsOf(halves[0]);
  const tail = groupsOf(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (!groups.every((group) => GROUP.test(group))) return null;
  const network = groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${network.join(":")}::/64`;
}
