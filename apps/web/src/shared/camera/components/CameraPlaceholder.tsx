import { CAMERA_PLACEHOLDER_SIZE } from '../model/camera-machine';

/** The 640×480 frame shown until an image arrives, or after the camera went offline. */
export function CameraPlaceholder() {
  const { width, height } = CAMERA_PLACEHOLDER_SIZE;
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      width={width}
      height={height}
      aria-hidden
      data-testid="camera-placeholder"
      style={{ display: 'block', width: '100%', height: 'auto' }}
    >
      <rect width={width} height={height} fill="var(--mantine-color-dark-6)" />
      <g
        // above the centre: the status text sits at the centre, never over the icon
        transform={`translate(${width / 2 - 48} ${height / 2 - 130}) scale(4)`}
        fill="none"
        stroke="var(--mantine-color-dark-2)"
        strokeWidth={1.5}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M3 3l18 18" />
        <path d="M15 11v-1l4.55-2.28A1 1 0 0 1 21 8.62v6.76a1 1 0 0 1-.29.7" />
        <path d="M10 6h3a2 2 0 0 1 2 2v3m0 4v1a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h1" />
      </g>
    </svg>
  );
}
