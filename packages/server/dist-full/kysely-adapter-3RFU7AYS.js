import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); const __dirname = __fu(new URL('.', import.meta.url));
import {
  createKyselyAdapter,
  getKyselyDatabaseType,
  getMssqlSchema,
  getPostgresSchema,
  introspectPostgresTables,
  kyselyAdapter,
  toIntrospectedTables,
  toPhysicalSchema
} from "./chunk-QIO5UYP3.js";
import "./chunk-ZOT5DGEB.js";
import "./chunk-TQ25AO6U.js";
import "./chunk-QBUJ74II.js";
import "./chunk-VDZVO2C3.js";
import "./chunk-HLW2GYDB.js";
export {
  createKyselyAdapter,
  getKyselyDatabaseType,
  getMssqlSchema,
  getPostgresSchema,
  introspectPostgresTables,
  kyselyAdapter,
  toIntrospectedTables,
  toPhysicalSchema
};
