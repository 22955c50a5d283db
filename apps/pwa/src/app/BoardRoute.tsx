import type { BoardSlots } from '../features/board/BoardPage';
import { BoardPage } from '../features/board/BoardPage';
import { ManvBoardPanel } from '../features/manv/ManvBoardPanel';

/**
 * /services/{id}/board with the panels of other features, put together here above the features
 * (as ServiceDetailRoute.tsx does for the service tabs): MANV's counts per incident.
 */
const slots: BoardSlots = { manvCounts: ManvBoardPanel };

export function BoardRoute() {
  return <BoardPage slots={slots} />;
}
