// Lists kept per key: how every per-snapshot index and the overlay group their values.

/** Appends the value to the key's list, starting the list on the key's first value. */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
