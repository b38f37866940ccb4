// Every RDS API v4.0 operation (issue 27): the operations test of ./rdsOperations.test.ts, run with
// v4.0 clients (a Bearer token from the sandbox's token host) against the same sandbox state.
process.env.NHNCLOUD_TEST_RDS_API = 'v4.0';
require('./rdsOperations.test');
