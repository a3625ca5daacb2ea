/** What app/ (routes, layouts) puts beside other features, of timelapse videos. */
export { FileVideos } from './components/FileVideos';
export { getVideoQueryOptions } from './api/get-video';
export { getVideosQueryOptions } from './api/get-videos';
