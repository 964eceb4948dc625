/** CRC-16/IBM (a.k.a. CRC-16/ARC): reflected polynomial 0xA001, initial value 0, as Teltonika frames use. */
const TABLE = (() => {
  const table = new Uint16Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let bit = 0; bit < 8; bit++) c = c & 1 ? (c >>> 1) ^ 0xa001 : c >>> 1;
    table[n] = c;
  }
  return table;
})();

export function crc16Ibm(data: Uint8Array, start = 0, end = data.length): number {
  let crc = 0;
  // A byte at a time through the table: the hot path of every received frame.
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ (TABLE[(crc ^ (data[i] as number)) & 0xff] as number);
  return crc;
}
