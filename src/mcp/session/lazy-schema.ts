// A value built on first use: the bundle (the lazy-sdk-schemas plugin of scripts/bundle.mjs)
// wraps each of the SDK's public zod schemas in one, so that loading the SDK constructs none of
// the ~1,100 zod objects behind them and a run builds only those it validates with (the
// JSON-RPC message, a listed tool, …), each the same schema with the same verdicts as before.

import './zod-jitless.js';

/**
 * A stand-in for `build()`'s result that builds it on the first operation of any kind and then
 * forwards every operation to it. Properties are read with the built value as receiver, so its
 * getters see the value itself; a method call sees the stand-in as `this` and reaches the value
 * through it.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => {
    built ??= build();
    return built;
  };
  // The proxy's own target stays empty: a proxy may not report a fixed (non-configurable) property
  // its target lacks, so descriptors are reported as configurable, and a fixed property defined
  // through the proxy is mirrored onto the target.
  const shell = Object.create(null) as T;
  return new Proxy(shell, {
    get: (_, key) => Reflect.get(real(), key),
    set: (_, key, value) => Reflect.set(real(), key, value),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => {
      if (!Reflect.defineProperty(real(), key, descriptor)) return false;
      return descriptor.configurable === true || Reflect.defineProperty(shell, key, descriptor);
    },
    deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    setPrototypeOf: (_, proto) => Reflect.setPrototypeOf(real(), proto),
  });
}
