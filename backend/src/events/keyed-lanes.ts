/**
 * Runs tasks one at a time per key (a stream), in arrival order, within this process. Commands on
 * one stream would only race for its next version otherwise; across processes SerializedStreams
 * puts its lock behind one of these, so only a lane's head waits for it. A failed task does not
 * stop the ones behind it.
 */
export class KeyedLanes {
  private readonly lanes = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.lanes.get(key) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(task);
    this.lanes.set(key, next);
    void next
      .finally(() => {
        if (this.lanes.get(key) === next) this.lanes.delete(key);
      })
      .catch(() => undefined);
    return next;
  }
}
