/**
 * The in-process side of board events (plugins/boardEvents.ts): listeners per organisation.
 */

/** `version` null: notifications may have been lost (a LISTEN connection came back); streams ask the database. */
export type BoardListener = (version: number | null) => void;

export interface BoardEventBus {
  subscribe(organizationId: number, listener: BoardListener): () => void;
  /** Hands "changed up to `version`" to the listeners of these organisations in this process. */
  dispatch(organizationIds: readonly number[], version: number | null): void;
  /** Listeners in this process (the 12-hour test checks it stays bounded). */
  listenerCount(): number;
}

export function memoryBoardBus(): BoardEventBus {
  const byOrganization = new Map<number, Set<BoardListener>>();
  return {
    subscribe(organizationId, listener) {
      let set = byOrganization.get(organizationId);
      if (!set) byOrganization.set(organizationId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && byOrganization.get(organizationId) === set) byOrganization.delete(organizationId);
      };
    },
    dispatch(organizationIds, version) {
      const targets = version === null ? [...byOrganization.keys()] : organizationIds;
      for (const id of targets) for (const listener of [...(byOrganization.get(id) ?? [])]) listener(version);
    },
    listenerCount: () => [...byOrganization.values()].reduce((sum, set) => sum + set.size, 0),
  };
}
