// One Redis connection (ioredis) to REDIS_URL (host, port, user, password and database from the URL), set up to
// fail fast: its callers decide what an unreachable Redis means. It connects at the first command, so the app
// starts while Redis is down. A refused or lost connection fails the commands waiting on it, at once; the next
// command connects again. A command in flight when the connection drops fails and is not sent again (it may
// have run). Without an answer, a connection attempt gives up after 10 s.
import { Redis } from "ioredis";

export type RedisClient = {
  /** The connection, reconnecting first when the previous one ended. */
  use(): Redis;
  /** Ends the connection once the commands sent have their replies. */
  close(): Promise<void>;
};

export function createRedisClient(url: string): RedisClient {
  let closed = false;
  const redis = new Redis(url, {
    lazyConnect: true,
    // No reconnection loop in the background: commands would wait in a queue for its next try.
    retryStrategy: () => null,
    autoResendUnfulfilledCommands: false,
    connectTimeout: 10_000,
  });
  // Each failure reaches the caller through its rejected command.
  redis.on("error", () => undefined);
  return {
    use() {
      if (!closed && redis.status === "end") redis.connect().catch(() => undefined);
      return redis;
    },
    async close() {
      closed = true;
      if (redis.status === "end") return;
      const ended = new Promise<void>((done) => redis.once("end", () => done()));
      if (redis.status === "ready") redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
      await ended;
    },
  };
}
