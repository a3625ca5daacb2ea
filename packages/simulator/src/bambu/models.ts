import { BAMBU_MODEL_NAMES } from '@printdeck/shared';

/** What a Bambu Lab model changes in the simulator (reference §1.13, §1.14). */
export interface BambuModelSpec {
  /** the slicer's model code (BambuStudio `resources/printers`); its `product_name` follows */
  code: string;
  /** A1/P1: JPEG frames over TLS on 6000; X1, P2S, H2: RTSPS on 322 (OpenBambuAPI `video.md`) */
  camera: 'jpeg' | 'rtsps';
  /**
   * The RTSPS camera is served only while "LAN Only Liveview" is on at the printer's screen; an
   * H2 comes with it off (reference §1.13: `ipcam.rtsp_url` reads "disable" and port 322 closes
   * at once). An X1 of recent firmware has the switch too, on here.
   */
  isLiveviewOnAtFirst: boolean;
  /** an AMS (P1S, X1, H2), an AMS Lite (A1), or none (P1P, as sold) — the same report shape */
  ams: 'ams' | 'ams-lite' | 'none';
  /** H2D: two nozzles, reported in `device.extruder.info[]` (reference §1.6, bambuddy) */
  nozzles: 1 | 2;
  /** X1: the whole object at every push; the others: only what changed (reference §1.5) */
  reports: 'delta' | 'full';
}

/** The models `npm run sim:bambu -- --model` takes. */
export const BAMBU_MODELS = {
  X1C: {
    code: 'BL-P001',
    camera: 'rtsps',
    isLiveviewOnAtFirst: true,
    ams: 'ams',
    nozzles: 1,
    reports: 'full',
  },
  X1E: {
    code: 'C13',
    camera: 'rtsps',
    isLiveviewOnAtFirst: true,
    ams: 'ams',
    nozzles: 1,
    reports: 'full',
  },
  P1P: {
    code: 'C11',
    camera: 'jpeg',
    isLiveviewOnAtFirst: false,
    ams: 'none',
    nozzles: 1,
    reports: 'delta',
  },
  P1S: {
    code: 'C12',
    camera: 'jpeg',
    isLiveviewOnAtFirst: false,
    ams: 'ams',
    nozzles: 1,
    reports: 'delta',
  },
  A1: {
    code: 'N2S',
    camera: 'jpeg',
    isLiveviewOnAtFirst: false,
    ams: 'ams-lite',
    nozzles: 1,
    reports: 'delta',
  },
  'A1-MINI': {
    code: 'N1',
    camera: 'jpeg',
    isLiveviewOnAtFirst: false,
    ams: 'ams-lite',
    nozzles: 1,
    reports: 'delta',
  },
  P2S: {
    code: 'N7',
    camera: 'rtsps',
    isLiveviewOnAtFirst: true,
    ams: 'ams',
    nozzles: 1,
    reports: 'delta',
  },
  H2D: {
    code: 'O1D',
    camera: 'rtsps',
    isLiveviewOnAtFirst: false,
    ams: 'ams',
    nozzles: 2,
    reports: 'delta',
  },
  H2S: {
    code: 'O1S',
    camera: 'rtsps',
    isLiveviewOnAtFirst: false,
    ams: 'ams',
    nozzles: 1,
    reports: 'delta',
  },
} as const satisfies Record<string, BambuModelSpec>;

export type BambuModelKey = keyof typeof BAMBU_MODELS;

export const isBambuModelKey = (value: string): value is BambuModelKey =>
  Object.hasOwn(BAMBU_MODELS, value);

/** "Bambu Lab H2D" for `H2D`: the `product_name` of `info.get_version`. */
export const productNameOf = (model: BambuModelKey): string =>
  BAMBU_MODEL_NAMES[BAMBU_MODELS[model].code]!;
