import { FinderView, type FinderViewProps } from '../features/devices/details/finder-view'
import { useRecordedLostMode } from '../features/records/device-history'

/** What the finder reads, from the portal's records where it keeps them (README, "What the portal stores"). */
export function RecordedFinder(props: FinderViewProps) {
  return <FinderView {...props} recorded={useRecordedLostMode(props.device)} />
}
