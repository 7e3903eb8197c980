// Entry for the Waiting for review screen (issue 32).
import { ReviewQueueScreen } from '../features/review/ReviewQueueScreen';
import type { ReviewsScreenData } from '../features/review/ReviewQueueScreen';
import { mountScreen } from './mount';

mountScreen<ReviewsScreenData>((data) => <ReviewQueueScreen data={data} />);
