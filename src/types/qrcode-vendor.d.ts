// The QR encoder qrcode-terminal ships and uses itself, imported directly for its module matrix
// (see output/qr.ts), which @types/qrcode-terminal does not describe.
declare module 'qrcode-terminal/vendor/QRCode/index.js' {
  class QRCode {
    constructor(typeNumber: number, errorCorrectLevel: number);
    addData(data: string): void;
    make(): void;
    getModuleCount(): number;
    isDark(row: number, col: number): boolean;
  }
  export default QRCode;
}
