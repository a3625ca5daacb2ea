/** What app/ (routes, layouts) puts beside other features, of timelapse videos. */
export { FileVideos } from './components/FileVideos';
