import type { BoardSlots } from '../features/board/BoardPage';
import { BoardPage } from '../features/board/BoardPage';

/**
 * /services/{id}/board with the panels of other features, put together here above the features
 * (as ServiceDetailRoute.tsx does for the service tabs). MANV (issue 19, part 2): add
 * `manvCounts: ManvCountsPanel` from features/manv once it is merged.
 */
const slots: BoardSlots = {};

export function BoardRoute() {
  return <BoardPage slots={slots} />;
}
