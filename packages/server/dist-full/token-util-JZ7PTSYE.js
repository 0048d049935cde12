import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); const __dirname = __fu(new URL('.', import.meta.url));
import {
  require_token_util
} from "./chunk-QEQLOCLP.js";
import "./chunk-HLW2GYDB.js";
export default require_token_util();
