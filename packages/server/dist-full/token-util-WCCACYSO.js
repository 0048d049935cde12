import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); const __dirname = __fu(new URL('.', import.meta.url));
import{c as a}from"./chunk-XRA4P3LN.js";import"./chunk-A5IFM6SM.js";export default a();
