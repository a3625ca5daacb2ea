/**
 * MeatPack, the G-code packing bgcode uses inside G-code blocks (encodings 1 and 2): two
 * characters per byte as 4-bit codes, low nibble first; code 15 means the character follows as a
 * full byte. Two 0xFF bytes introduce a command.
 */
const PACKED = Buffer.from('0123456789. \nGX', 'latin1');
const NEWLINE = 0x0a;
const NO_SPACES_E = 0x45; // 'E'
const NOT_PACKED = 0x0f;
const NO_CHAR = -1;
const COMMAND_BYTE = 0xff;
const Command = {
  EnablePacking: 0xfb,
  DisablePacking: 0xfa,
  ResetAll: 0xf9,
  EnableNoSpaces: 0xf7,
  DisableNoSpaces: 0xf6,
} as const;

/** The characters exactly as packed, without libbgcode's readability fix-ups. */
export function unpackMeatpack(input: Uint8Array): string {
  // Each input byte yields at most two characters.
  const out = Buffer.alloc(input.length * 2);
  let length = 0;
  let packing = false;
  let noSpaces = false;
  let pendingFull = 0;
  let heldSecond = NO_CHAR;
  let commandBytes = 0;
  const emit = (char: number) => {
    if (char !== NO_CHAR) out[length++] = char;
  };
  const decodeNibble = (code: number) =>
    code === 11 && noSpaces ? NO_SPACES_E : (PACKED[code] ?? NO_CHAR);

  const handleByte = (byte: number) => {
    if (!packing) {
      emit(byte);
    } else if (pendingFull > 0) {
      emit(byte);
      emit(heldSecond);
      heldSecond = NO_CHAR;
      pendingFull -= 1;
    } else {
      const low = byte & 0x0f;
      const high = byte >> 4;
      if (low === NOT_PACKED) {
        // The first character follows in full; the second either follows too or is held.
        pendingFull = high === NOT_PACKED ? 2 : 1;
        heldSecond = high === NOT_PACKED ? NO_CHAR : decodeNibble(high);
      } else {
        const first = decodeNibble(low);
        emit(first);
        // After a newline the high nibble only pads an odd-length line.
        if (first !== NEWLINE && high === NOT_PACKED) pendingFull = 1;
        else if (first !== NEWLINE) emit(decodeNibble(high));
      }
    }
  };

  const handleCommand = (command: number) => {
    if (command === Command.EnablePacking) packing = true;
    else if (command === Command.DisablePacking) packing = false;
    else if (command === Command.EnableNoSpaces) noSpaces = true;
    else if (command === Command.DisableNoSpaces) noSpaces = false;
    else if (command === Command.ResetAll) [packing, noSpaces] = [false, false];
  };

  for (const byte of input) {
    if (commandBytes === 2) {
      handleCommand(byte);
      commandBytes = 0;
    } else if (byte === COMMAND_BYTE) {
      commandBytes += 1;
    } else {
      // A lone 0xFF was an ordinary data byte after all.
      if (commandBytes === 1) handleByte(COMMAND_BYTE);
      commandBytes = 0;
      handleByte(byte);
    }
  }
  return out.toString('latin1', 0, length);
}

const PARAMETER_LETTERS = new Set('XYZEFIJRSGPWHCA');

/**
 * MeatPack output with libbgcode's two fix-ups, giving readable G-code: no empty lines, and
 * the spaces that no-spaces mode removed put back before each parameter of a `G` line.
 */
export function decodeMeatpackGcode(input: Uint8Array): string {
  return unpackMeatpack(input)
    .split('\n')
    .map((line, index, lines) => (line === '' && index < lines.length - 1 ? null : line))
    .filter((line): line is string => line !== null)
    .map(spaceParameters)
    .join('\n');
}

function spaceParameters(line: string): string {
  if (!line.startsWith('G')) return line;
  let spaced = 'G';
  for (let index = 1; index < line.length; index++) {
    const char = line.charAt(index);
    if (char === ';') return spaced + line.slice(index);
    if (PARAMETER_LETTERS.has(char) && line.charAt(index - 1) !== ' ') spaced += ' ';
    spaced += char;
  }
  return spaced;
}
