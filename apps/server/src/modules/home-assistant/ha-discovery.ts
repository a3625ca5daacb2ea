import type { PrinterDeviceState } from '@printdeck/shared';
import { RELEASE_VERSION } from '@printdeck/shared';

/**
 * Home Assistant's MQTT discovery (https://www.home-assistant.io/integrations/mqtt/#mqtt-discovery):
 * a retained JSON config at `<discovery prefix>/<component>/<node id>/<object id>/config` makes
 * an entity; an empty retained payload there removes it. Entities of one printer share a
 * `device` (its identifiers) so Home Assistant shows them as one device. Shapes per component:
 * sensor https://www.home-assistant.io/integrations/sensor.mqtt/ (state_topic, value_template,
 * device_class, unit_of_measurement, state_class), camera
 * https://www.home-assistant.io/integrations/camera.mqtt/ (`topic` carries the image bytes),
 * button https://www.home-assistant.io/integrations/button.mqtt/ (command_topic, payload_press).
 * Availability (availability_topic, payload_available / payload_not_available) follows the
 * bridge's own status topic, which the broker sets to "offline" (last will) if Printdeck dies.
 */
export interface TopicNames {
  discoveryPrefix: string;
  topicPrefix: string;
}

export interface DiscoveredPrinter {
  id: number;
  name: string;
  cameraEnabled: boolean;
}

export interface DiscoveryMessage {
  topic: string;
  payload: Record<string, unknown>;
}

export const COMMAND_PAYLOADS = ['PAUSE', 'RESUME', 'CANCEL'] as const;
export type CommandPayload = (typeof COMMAND_PAYLOADS)[number];

export const topicsFor = (names: TopicNames, printerId: number) => {
  const base = `${names.topicPrefix}/printer/${printerId}`;
  return {
    state: `${base}/state`,
    camera: `${base}/camera`,
    command: `${base}/command`,
    commandResult: `${base}/command_result`,
  };
};

export const statusTopic = (names: TopicNames) => `${names.topicPrefix}/status`;
export const commandTopicFilter = (names: TopicNames) => `${names.topicPrefix}/printer/+/command`;

/** The printer id in a command topic, or null for any other topic. */
export function readCommandTopic(names: TopicNames, topic: string): number | null {
  const prefix = `${names.topicPrefix}/printer/`;
  if (!topic.startsWith(prefix) || !topic.endsWith('/command')) return null;
  const id = topic.slice(prefix.length, -'/command'.length);
  return /^[1-9]\d{0,11}$/.test(id) ? Number(id) : null;
}

interface SensorSpec {
  object: string;
  name: string;
  template: string;
  extra?: Record<string, unknown>;
}

const SENSORS: SensorSpec[] = [
  { object: 'state', name: 'State', template: '{{ value_json.state }}' },
  {
    object: 'nozzle_temperature',
    name: 'Nozzle temperature',
    template: '{{ value_json.nozzle_temperature }}',
    extra: { device_class: 'temperature', unit_of_measurement: '°C', state_class: 'measurement' },
  },
  {
    object: 'nozzle_target',
    name: 'Nozzle target',
    template: '{{ value_json.nozzle_target }}',
    extra: { device_class: 'temperature', unit_of_measurement: '°C' },
  },
  {
    object: 'bed_temperature',
    name: 'Bed temperature',
    template: '{{ value_json.bed_temperature }}',
    extra: { device_class: 'temperature', unit_of_measurement: '°C', state_class: 'measurement' },
  },
  {
    object: 'bed_target',
    name: 'Bed target',
    template: '{{ value_json.bed_target }}',
    extra: { device_class: 'temperature', unit_of_measurement: '°C' },
  },
  {
    object: 'progress',
    name: 'Progress',
    template: '{{ value_json.progress }}',
    extra: { unit_of_measurement: '%', state_class: 'measurement', icon: 'mdi:printer-3d' },
  },
  {
    object: 'time_left',
    name: 'Time left',
    template: '{{ value_json.time_left }}',
    extra: { device_class: 'duration', unit_of_measurement: 's' },
  },
  { object: 'file', name: 'File', template: '{{ value_json.file_name }}' },
];

const BUTTONS: Array<{ object: string; name: string; payload: CommandPayload; icon: string }> = [
  { object: 'pause', name: 'Pause', payload: 'PAUSE', icon: 'mdi:pause' },
  { object: 'resume', name: 'Resume', payload: 'RESUME', icon: 'mdi:play' },
  { object: 'cancel', name: 'Cancel', payload: 'CANCEL', icon: 'mdi:stop' },
];

/** Node ids and object ids may hold only [a-zA-Z0-9_-] (Home Assistant's discovery topic rule). */
export const nodeIdFor = (names: TopicNames, printerId: number) =>
  `${names.topicPrefix}_printer_${printerId}`;

/** Every discovery config of one printer (sensors, the camera when on, three buttons). */
export function buildDiscoveryMessages(
  names: TopicNames,
  printer: DiscoveredPrinter,
  options: { withCamera: boolean },
): DiscoveryMessage[] {
  const node = nodeIdFor(names, printer.id);
  const topics = topicsFor(names, printer.id);
  const common = {
    availability_topic: statusTopic(names),
    payload_available: 'online',
    payload_not_available: 'offline',
    device: {
      identifiers: [node],
      name: printer.name,
      manufacturer: 'Printdeck',
      model: '3D printer',
      sw_version: RELEASE_VERSION,
    },
  };
  const config = (component: string, object: string) =>
    `${names.discoveryPrefix}/${component}/${node}/${object}/config`;
  const messages: DiscoveryMessage[] = SENSORS.map((sensor) => ({
    topic: config('sensor', sensor.object),
    payload: {
      name: sensor.name,
      unique_id: `${node}_${sensor.object}`,
      object_id: `${node}_${sensor.object}`,
      state_topic: topics.state,
      value_template: sensor.template,
      ...sensor.extra,
      ...common,
    },
  }));
  if (options.withCamera && printer.cameraEnabled) {
    messages.push({
      topic: config('camera', 'camera'),
      payload: {
        name: 'Camera',
        unique_id: `${node}_camera`,
        object_id: `${node}_camera`,
        topic: topics.camera,
        ...common,
      },
    });
  }
  for (const button of BUTTONS) {
    messages.push({
      topic: config('button', button.object),
      payload: {
        name: button.name,
        unique_id: `${node}_${button.object}`,
        object_id: `${node}_${button.object}`,
        command_topic: topics.command,
        payload_press: button.payload,
        icon: button.icon,
        ...common,
      },
    });
  }
  return messages;
}

/** Every discovery topic a printer may have had, to clear when it leaves (empty payloads). */
export function allDiscoveryTopics(names: TopicNames, printerId: number): string[] {
  return buildDiscoveryMessages(
    names,
    { id: printerId, name: '', cameraEnabled: true },
    { withCamera: true },
  ).map((message) => message.topic);
}

const round1 = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 10) / 10;

/** The JSON on a printer's state topic: what the sensors' templates read. */
export function toStatePayload(state: PrinterDeviceState) {
  const temperature = state.temperature;
  return {
    state: state.printer_state,
    is_connected: state.is_connected,
    nozzle_temperature: round1(temperature?.tool0?.actual),
    nozzle_target: round1(temperature?.tool0?.target),
    bed_temperature: round1(temperature?.bed?.actual),
    bed_target: round1(temperature?.bed?.target),
    progress: round1(state.job?.completion),
    time_left: state.job?.print_time_left ?? null,
    file_name: state.job?.file_name ?? null,
  };
}
