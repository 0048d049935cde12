import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); const __dirname = __fu(new URL('.', import.meta.url));
import {
  RawNode,
  createQueryId,
  freeze
} from "./chunk-VDZVO2C3.js";

// node_modules/kysely/dist/query-compiler/compiled-query.js
var CompiledQuery = freeze({
  raw(sql, parameters = []) {
    return freeze({
      sql,
      query: RawNode.createWithSql(sql),
      parameters: freeze(parameters),
      queryId: createQueryId()
    });
  }
});

export {
  CompiledQuery
};
