/** What other features may use of timelapse videos. */
export { FileVideos } from './components/FileVideos';
