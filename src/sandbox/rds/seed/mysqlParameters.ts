// A realistic MySQL 8 parameter set, compact: one line per parameter
//   fileGroup|name|default|allowedValue|updateType|applyType
// updateType V = VARIABLE, C = CONSTANT, I = INIT_VARIABLE; applyType S = SESSION, F = FILE, B = BOTH.
// File groups are lower-case, as the live service returns them.
import type { Parameter } from '../types';

const B01 = 'ON|OFF';
const TABLE = `
client|default-character-set|utf8mb4|utf8mb4|big5|latin1|ascii|utf8mb3|euckr|C|F
client|port|3306|3306-43306|C|F
mysql|no-auto-rehash|ON|${B01}|V|F
mysql|max_allowed_packet|16777216|1024-1073741824|V|F
mysql|connect_timeout|0|0-31536000|V|F
mysqld|activate_all_roles_on_login|OFF|${B01}|V|S
mysqld|auto_increment_increment|1|1-65535|V|S
mysqld|auto_increment_offset|1|1-65535|V|S
mysqld|autocommit|ON|${B01}|V|S
mysqld|automatic_sp_privileges|ON|${B01}|V|S
mysqld|back_log|-1|-1-65535|V|F
mysqld|big_tables|OFF|${B01}|V|S
mysqld|binlog_cache_size|32768|4096-18446744073709547520|V|B
mysqld|binlog_checksum|CRC32|NONE|CRC32|V|B
mysqld|binlog_expire_logs_seconds|2592000|0-4294967295|V|B
mysqld|binlog_format|ROW|ROW|STATEMENT|MIXED|V|B
mysqld|binlog_group_commit_sync_delay|0|0-1000000|V|B
mysqld|binlog_group_commit_sync_no_delay_count|0|0-100000|V|B
mysqld|binlog_order_commits|ON|${B01}|V|B
mysqld|binlog_row_image|FULL|FULL|MINIMAL|NOBLOB|V|B
mysqld|binlog_row_metadata|MINIMAL|FULL|MINIMAL|V|B
mysqld|binlog_rows_query_log_events|OFF|${B01}|V|B
mysqld|binlog_stmt_cache_size|32768|4096-18446744073709547520|V|B
mysqld|binlog_transaction_dependency_tracking|COMMIT_ORDER|COMMIT_ORDER|WRITESET|WRITESET_SESSION|V|B
mysqld|block_encryption_mode|aes-128-ecb|aes-128-ecb|aes-192-ecb|aes-256-ecb|aes-128-cbc|aes-192-cbc|aes-256-cbc|V|S
mysqld|bulk_insert_buffer_size|8388608|0-18446744073709551615|V|S
mysqld|character_set_client|utf8mb4|utf8mb4|big5|latin1|ascii|utf8mb3|euckr|V|S
mysqld|character_set_connection|utf8mb4|utf8mb4|big5|latin1|ascii|utf8mb3|euckr|V|S
mysqld|character_set_database|utf8mb4|utf8mb4|big5|latin1|ascii|utf8mb3|euckr|V|S
mysqld|character_set_filesystem|binary|binary|utf8mb4|latin1|V|S
mysqld|character_set_results|utf8mb4|utf8mb4|big5|latin1|ascii|utf8mb3|euckr|V|S
mysqld|character_set_server|utf8mb4|utf8mb4|big5|latin1|ascii|utf8mb3|euckr|V|B
mysqld|collation_connection|utf8mb4_0900_ai_ci|utf8mb4_0900_ai_ci|utf8mb4_general_ci|utf8mb4_unicode_ci|utf8mb4_bin|V|S
mysqld|collation_server|utf8mb4_0900_ai_ci|utf8mb4_0900_ai_ci|utf8mb4_general_ci|utf8mb4_unicode_ci|utf8mb4_bin|V|B
mysqld|completion_type|NO_CHAIN|NO_CHAIN|CHAIN|RELEASE|V|S
mysqld|concurrent_insert|AUTO|NEVER|AUTO|ALWAYS|V|S
mysqld|connect_timeout|10|2-31536000|V|S
mysqld|cte_max_recursion_depth|1000|0-4294967295|V|S
mysqld|default_authentication_plugin|caching_sha2_password|mysql_native_password|sha256_password|caching_sha2_password|C|F
mysqld|default_password_lifetime|0|0-65535|V|S
mysqld|default_storage_engine|InnoDB|InnoDB|MyISAM|MEMORY|V|S
mysqld|default_tmp_storage_engine|InnoDB|InnoDB|MyISAM|MEMORY|V|S
mysqld|default_week_format|0|0-7|V|S
mysqld|delay_key_write|ON|ON|OFF|ALL|V|S
mysqld|delayed_insert_limit|100|1-18446744073709551615|V|S
mysqld|delayed_insert_timeout|300|1-31536000|V|S
mysqld|delayed_queue_size|1000|1-18446744073709551615|V|S
mysqld|div_precision_increment|4|0-30|V|S
mysqld|end_markers_in_json|OFF|${B01}|V|S
mysqld|eq_range_index_dive_limit|200|0-4294967295|V|S
mysqld|event_scheduler|OFF|ON|OFF|DISABLED|V|B
mysqld|explicit_defaults_for_timestamp|ON|${B01}|V|S
mysqld|flush|OFF|${B01}|V|S
mysqld|flush_time|0|0-31536000|V|S
mysqld|ft_boolean_syntax|+ -><()~*:""&||V|S
mysqld|ft_max_word_len|84|10-84|C|F
mysqld|ft_min_word_len|4|1-82|C|F
mysqld|ft_query_expansion_limit|20|0-1000|C|F
mysqld|general_log|OFF|${B01}|V|B
mysqld|generated_random_password_length|20|5-255|V|S
mysqld|group_concat_max_len|1024|4-18446744073709551615|V|S
mysqld|histogram_generation_max_mem_size|20000000|1000000-18446744073709551615|V|S
mysqld|host_cache_size|279|0-65536|V|B
mysqld|information_schema_stats_expiry|86400|0-31536000|V|S
mysqld|init_connect|||V|S
mysqld|innodb_adaptive_flushing|ON|${B01}|V|B
mysqld|innodb_adaptive_flushing_lwm|10|0-70|V|B
mysqld|innodb_adaptive_hash_index|ON|${B01}|V|B
mysqld|innodb_adaptive_hash_index_parts|8|1-512|C|F
mysqld|innodb_adaptive_max_sleep_delay|150000|0-1000000|V|B
mysqld|innodb_autoextend_increment|64|1-1000|V|B
mysqld|innodb_autoinc_lock_mode|2|0|1|2|C|F
mysqld|innodb_buffer_pool_chunk_size|134217728|1048576-9223372036854775807|C|F
mysqld|innodb_buffer_pool_dump_at_shutdown|ON|${B01}|V|B
mysqld|innodb_buffer_pool_dump_pct|25|1-100|V|B
mysqld|innodb_buffer_pool_instances|8|1-64|C|F
mysqld|innodb_buffer_pool_load_at_startup|ON|${B01}|C|F
mysqld|innodb_buffer_pool_size|{DBInstanceClassMemory*3/4}|5242880-18446744073709551615|V|B
mysqld|innodb_change_buffer_max_size|25|0-50|V|B
mysqld|innodb_change_buffering|all|none|inserts|deletes|changes|purges|all|V|B
mysqld|innodb_checksum_algorithm|crc32|crc32|strict_crc32|innodb|strict_innodb|none|strict_none|V|B
mysqld|innodb_cmp_per_index_enabled|OFF|${B01}|V|B
mysqld|innodb_commit_concurrency|0|0-1000|C|F
mysqld|innodb_compression_failure_threshold_pct|5|0-100|V|B
mysqld|innodb_compression_level|6|0-9|V|B
mysqld|innodb_compression_pad_pct_max|50|0-75|V|B
mysqld|innodb_concurrency_tickets|5000|1-4294967295|V|B
mysqld|innodb_deadlock_detect|ON|${B01}|V|B
mysqld|innodb_default_row_format|dynamic|redundant|compact|dynamic|V|B
mysqld|innodb_disable_sort_file_cache|OFF|${B01}|V|B
mysqld|innodb_doublewrite|ON|${B01}|C|F
mysqld|innodb_fast_shutdown|1|0|1|2|V|B
mysqld|innodb_file_per_table|ON|${B01}|V|B
mysqld|innodb_fill_factor|100|10-100|V|B
mysqld|innodb_flush_log_at_timeout|1|1-2700|V|B
mysqld|innodb_flush_log_at_trx_commit|1|0|1|2|V|B
mysqld|innodb_flush_method|O_DIRECT|fsync|O_DSYNC|littlesync|nosync|O_DIRECT|O_DIRECT_NO_FSYNC|C|F
mysqld|innodb_flush_neighbors|0|0|1|2|V|B
mysqld|innodb_flush_sync|ON|${B01}|V|B
mysqld|innodb_flushing_avg_loops|30|1-1000|V|B
mysqld|innodb_ft_cache_size|8000000|1600000-80000000|C|F
mysqld|innodb_ft_enable_stopword|ON|${B01}|V|S
mysqld|innodb_ft_max_token_size|84|10-84|C|F
mysqld|innodb_ft_min_token_size|3|0-16|C|F
mysqld|innodb_ft_num_word_optimize|2000|1000-10000|V|B
mysqld|innodb_ft_result_cache_limit|2000000000|1000000-4294967295|V|B
mysqld|innodb_ft_sort_pll_degree|2|1-32|C|F
mysqld|innodb_ft_total_cache_size|640000000|32000000-1600000000|C|F
mysqld|innodb_io_capacity|200|100-18446744073709551615|V|B
mysqld|innodb_io_capacity_max|2000|100-18446744073709551615|V|B
mysqld|innodb_lock_wait_timeout|50|1-1073741824|V|S
mysqld|innodb_log_buffer_size|16777216|1048576-4294967295|V|B
mysqld|innodb_log_file_size|50331648|4194304-549755813888|C|F
mysqld|innodb_log_files_in_group|2|2-100|C|F
mysqld|innodb_lru_scan_depth|1024|100-18446744073709551615|V|B
mysqld|innodb_max_dirty_pages_pct|90|0-99.999|V|B
mysqld|innodb_max_dirty_pages_pct_lwm|10|0-99.999|V|B
mysqld|innodb_max_purge_lag|0|0-4294967295|V|B
mysqld|innodb_max_purge_lag_delay|0|0-10000000|V|B
mysqld|innodb_max_undo_log_size|1073741824|10485760-18446744073709551615|V|B
mysqld|innodb_old_blocks_pct|37|5-95|V|B
mysqld|innodb_old_blocks_time|1000|0-4294967295|V|B
mysqld|innodb_online_alter_log_max_size|134217728|65536-18446744073709551615|V|B
mysqld|innodb_open_files|4000|10-2147483647|C|F
mysqld|innodb_optimize_fulltext_only|OFF|${B01}|V|B
mysqld|innodb_page_cleaners|4|1-64|C|F
mysqld|innodb_page_size|16384|4096|8192|16384|32768|65536|I|F
mysqld|innodb_print_all_deadlocks|OFF|${B01}|V|B
mysqld|innodb_purge_batch_size|300|1-5000|V|B
mysqld|innodb_purge_rseg_truncate_frequency|128|1-128|V|B
mysqld|innodb_purge_threads|4|1-32|C|F
mysqld|innodb_random_read_ahead|OFF|${B01}|V|B
mysqld|innodb_read_ahead_threshold|56|0-64|V|B
mysqld|innodb_read_io_threads|4|1-64|C|F
mysqld|innodb_rollback_on_timeout|OFF|${B01}|C|F
mysqld|innodb_rollback_segments|128|1-128|V|B
mysqld|innodb_sort_buffer_size|1048576|65536-67108864|C|F
mysqld|innodb_spin_wait_delay|6|0-1000|V|B
mysqld|innodb_stats_auto_recalc|ON|${B01}|V|B
mysqld|innodb_stats_include_delete_marked|OFF|${B01}|V|B
mysqld|innodb_stats_method|nulls_equal|nulls_equal|nulls_unequal|nulls_ignored|V|B
mysqld|innodb_stats_on_metadata|OFF|${B01}|V|B
mysqld|innodb_stats_persistent|ON|${B01}|V|B
mysqld|innodb_stats_persistent_sample_pages|20|1-18446744073709551615|V|B
mysqld|innodb_stats_transient_sample_pages|8|1-18446744073709551615|V|B
mysqld|innodb_status_output|OFF|${B01}|V|B
mysqld|innodb_status_output_locks|OFF|${B01}|V|B
mysqld|innodb_strict_mode|ON|${B01}|V|S
mysqld|innodb_sync_array_size|1|1-1024|C|F
mysqld|innodb_sync_spin_loops|30|0-4294967295|V|B
mysqld|innodb_table_locks|ON|${B01}|V|S
mysqld|innodb_thread_concurrency|0|0-1000|V|B
mysqld|innodb_thread_sleep_delay|10000|0-1000000|V|B
mysqld|innodb_undo_log_truncate|ON|${B01}|V|B
mysqld|innodb_use_native_aio|ON|${B01}|C|F
mysqld|innodb_write_io_threads|4|1-64|C|F
mysqld|interactive_timeout|28800|1-31536000|V|S
mysqld|internal_tmp_mem_storage_engine|TempTable|TempTable|MEMORY|V|S
mysqld|join_buffer_size|262144|128-18446744073709547520|V|S
mysqld|keep_files_on_create|OFF|${B01}|V|S
mysqld|key_buffer_size|8388608|8-18446744073709551615|V|B
mysqld|key_cache_age_threshold|300|100-18446744073709551615|V|B
mysqld|key_cache_block_size|1024|512-16384|V|B
mysqld|key_cache_division_limit|100|1-100|V|B
mysqld|lc_time_names|en_US|en_US|ko_KR|ja_JP|zh_CN|V|S
mysqld|local_infile|OFF|${B01}|V|B
mysqld|lock_wait_timeout|31536000|1-31536000|V|S
mysqld|log_bin_trust_function_creators|OFF|${B01}|V|B
mysqld|log_error_verbosity|2|1-3|V|B
mysqld|log_output|FILE|TABLE|FILE|NONE|V|B
mysqld|log_queries_not_using_indexes|OFF|${B01}|V|B
mysqld|log_slow_admin_statements|OFF|${B01}|V|B
mysqld|log_slow_extra|OFF|${B01}|V|B
mysqld|log_throttle_queries_not_using_indexes|0|0-4294967295|V|B
mysqld|log_timestamps|UTC|UTC|SYSTEM|V|B
mysqld|long_query_time|10|0-31536000|V|S
mysqld|low_priority_updates|OFF|${B01}|V|S
mysqld|lower_case_table_names|0|0|1|I|F
mysqld|max_allowed_packet|67108864|1024-1073741824|V|S
mysqld|max_binlog_cache_size|18446744073709547520|4096-18446744073709547520|V|B
mysqld|max_binlog_size|1073741824|4096-1073741824|V|B
mysqld|max_binlog_stmt_cache_size|18446744073709547520|4096-18446744073709547520|V|B
mysqld|max_connect_errors|100|1-18446744073709551615|V|B
mysqld|max_connections|{DBInstanceClassMemory/12582880}|1-100000|V|B
mysqld|max_delayed_threads|20|0-16384|V|S
mysqld|max_error_count|1024|0-65535|V|S
mysqld|max_execution_time|0|0-4294967295|V|S
mysqld|max_heap_table_size|16777216|16384-18446744073709550592|V|S
mysqld|max_join_size|18446744073709551615|1-18446744073709551615|V|S
mysqld|max_length_for_sort_data|4096|4-8388608|V|S
mysqld|max_points_in_geometry|65536|3-1048576|V|S
mysqld|max_prepared_stmt_count|16382|0-4194304|V|B
mysqld|max_seeks_for_key|18446744073709551615|1-18446744073709551615|V|S
mysqld|max_sort_length|1024|4-8388608|V|S
mysqld|max_sp_recursion_depth|0|0-255|V|S
mysqld|max_user_connections|0|0-4294967295|V|S
mysqld|max_write_lock_count|18446744073709551615|1-18446744073709551615|V|B
mysqld|min_examined_row_limit|0|0-18446744073709551615|V|S
mysqld|myisam_data_pointer_size|6|2-7|V|B
mysqld|myisam_max_sort_file_size|9223372036853727232|0-9223372036853727232|V|B
mysqld|myisam_mmap_size|18446744073709551615|7-18446744073709551615|C|F
mysqld|myisam_sort_buffer_size|8388608|4096-18446744073709551615|V|S
mysqld|myisam_stats_method|nulls_unequal|nulls_equal|nulls_unequal|nulls_ignored|V|S
mysqld|myisam_use_mmap|OFF|${B01}|V|B
mysqld|net_buffer_length|16384|1024-1048576|V|S
mysqld|net_read_timeout|30|1-31536000|V|S
mysqld|net_retry_count|10|1-18446744073709551615|V|S
mysqld|net_write_timeout|60|1-31536000|V|S
mysqld|ngram_token_size|2|1-10|C|F
mysqld|open_files_limit|65535|0-1048576|C|F
mysqld|optimizer_prune_level|1|0|1|V|S
mysqld|optimizer_search_depth|62|0-62|V|S
mysqld|optimizer_trace_limit|1|0-2147483647|V|S
mysqld|optimizer_trace_max_mem_size|1048576|0-4294967295|V|S
mysqld|optimizer_trace_offset|-1|-2147483647-2147483647|V|S
mysqld|parser_max_mem_size|18446744073709551615|10000000-18446744073709551615|V|S
mysqld|password_history|0|0-4294967295|V|B
mysqld|password_reuse_interval|0|0-4294967295|V|B
mysqld|performance_schema|ON|${B01}|C|F
mysqld|performance_schema_max_digest_length|1024|0-1048576|C|F
mysqld|performance_schema_max_sql_text_length|1024|0-1048576|C|F
mysqld|preload_buffer_size|32768|1024-1073741824|V|S
mysqld|query_alloc_block_size|8192|1024-4294966272|V|S
mysqld|query_prealloc_size|8192|8192-18446744073709550592|V|S
mysqld|range_alloc_block_size|4096|4096-18446744073709550592|V|S
mysqld|range_optimizer_max_mem_size|8388608|0-18446744073709551615|V|S
mysqld|read_buffer_size|131072|8192-2147479552|V|S
mysqld|read_only|OFF|${B01}|V|B
mysqld|read_rnd_buffer_size|262144|1-2147483647|V|S
mysqld|regexp_stack_limit|8000000|0-2147483647|V|S
mysqld|regexp_time_limit|32|0-2147483647|V|S
mysqld|relay_log_recovery|ON|${B01}|C|F
mysqld|relay_log_space_limit|0|0-18446744073709551615|C|F
mysqld|replica_net_timeout|60|1-31536000|V|B
mysqld|replica_parallel_type|LOGICAL_CLOCK|DATABASE|LOGICAL_CLOCK|V|B
mysqld|replica_parallel_workers|4|0-1024|V|B
mysqld|replica_preserve_commit_order|ON|${B01}|V|B
mysqld|require_secure_transport|OFF|${B01}|V|B
mysqld|schema_definition_cache|256|256-524288|V|B
mysqld|select_into_buffer_size|131072|8192-2147479552|V|S
mysqld|session_track_gtids|OFF|OFF|OWN_GTID|ALL_GTIDS|V|S
mysqld|session_track_schema|ON|${B01}|V|S
mysqld|session_track_state_change|OFF|${B01}|V|S
mysqld|session_track_transaction_info|OFF|OFF|STATE|CHARACTERISTICS|V|S
mysqld|sha256_password_proxy_users|OFF|${B01}|V|B
mysqld|show_create_table_verbosity|OFF|${B01}|V|S
mysqld|skip_name_resolve|ON|${B01}|C|F
mysqld|skip_show_database|OFF|${B01}|C|F
mysqld|slow_launch_time|2|0-31536000|V|B
mysqld|slow_query_log|ON|${B01}|V|B
mysqld|sort_buffer_size|262144|32768-18446744073709551615|V|S
mysqld|sql_mode|ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION||V|S
mysqld|sql_require_primary_key|OFF|${B01}|V|S
mysqld|stored_program_cache|256|16-524288|V|S
mysqld|stored_program_definition_cache|256|256-524288|V|B
mysqld|sync_binlog|1|0-4294967295|V|B
mysqld|sync_master_info|10000|0-4294967295|V|B
mysqld|sync_relay_log|10000|0-4294967295|V|B
mysqld|sync_relay_log_info|10000|0-4294967295|V|B
mysqld|table_definition_cache|2000|400-524288|V|B
mysqld|table_open_cache|4000|1-524288|V|B
mysqld|table_open_cache_instances|16|1-64|C|F
mysqld|tablespace_definition_cache|256|256-524288|V|B
mysqld|temptable_max_mmap|1073741824|0-18446744073709551615|V|B
mysqld|temptable_max_ram|1073741824|2097152-18446744073709551615|V|B
mysqld|temptable_use_mmap|ON|${B01}|V|B
mysqld|thread_cache_size|64|0-16384|V|B
mysqld|thread_handling|one-thread-per-connection|no-threads|one-thread-per-connection|C|F
mysqld|thread_stack|1048576|131072-18446744073709550592|C|F
mysqld|time_zone|SYSTEM|SYSTEM|UTC|Asia/Seoul|Asia/Tokyo|V|S
mysqld|tls_version|TLSv1.2,TLSv1.3|TLSv1.2|TLSv1.3|TLSv1.2,TLSv1.3|C|F
mysqld|tmp_table_size|16777216|1024-18446744073709551615|V|S
mysqld|transaction_alloc_block_size|8192|1024-131072|V|S
mysqld|transaction_isolation|REPEATABLE-READ|READ-UNCOMMITTED|READ-COMMITTED|REPEATABLE-READ|SERIALIZABLE|V|S
mysqld|transaction_prealloc_size|4096|1024-131072|V|S
mysqld|transaction_read_only|OFF|${B01}|V|S
mysqld|transaction_write_set_extraction|XXHASH64|OFF|MURMUR32|XXHASH64|V|S
mysqld|unique_checks|ON|${B01}|V|S
mysqld|updatable_views_with_limit|YES|YES|NO|V|S
mysqld|wait_timeout|28800|1-31536000|V|S
mysqld|windowing_use_high_precision|ON|${B01}|V|S
mysqld|server_audit_logging|ON|${B01}|V|B
mysqld|server_audit_events|CONNECT,QUERY_DDL|CONNECT|QUERY|TABLE|QUERY_DDL|QUERY_DML|QUERY_DCL|V|B
mysqld|server_audit_file_rotate_size|1000000|100-9223372036854775807|V|B
mysqld|server_audit_file_rotations|9|0-999|V|B
`;

export interface ParameterDef {
  parameterFileGroup: string;
  parameterName: string;
  defaultValue: string;
  allowedValue: string;
  updateType: Parameter['updateType'];
  applyType: Parameter['applyType'];
}

const UPDATE = { V: 'VARIABLE', C: 'CONSTANT', I: 'INIT_VARIABLE' } as const;
const APPLY = { S: 'SESSION', F: 'FILE', B: 'BOTH' } as const;

/** Parsed once. Allowed values keep their `a|b|c` or `min-max` form, as the service shows them. */
export const MYSQL8_PARAMETERS: ParameterDef[] = TABLE.trim()
  .split('\n')
  .map((line) => {
    const parts = line.split('|');
    const apply = parts.pop() as keyof typeof APPLY;
    const update = parts.pop() as keyof typeof UPDATE;
    const [parameterFileGroup, parameterName, defaultValue, ...allowed] = parts;
    return {
      parameterFileGroup,
      parameterName,
      defaultValue,
      allowedValue: allowed.join('|'),
      updateType: UPDATE[update],
      applyType: APPLY[apply],
    };
  });

/** MySQL 5.7 lacks the 8.0-only parameters; the rest is shared for the sandbox's purposes. */
const MYSQL8_ONLY =
  /^(activate_all_roles|binlog_expire_logs_seconds|binlog_row_metadata|cte_max|generated_random|histogram|information_schema_stats|innodb_buffer_pool_chunk|internal_tmp_mem|regexp_|replica_|select_into|temptable_|windowing|tablespace_definition|schema_definition|log_slow_extra|default_authentication_plugin)/;
export const MYSQL57_PARAMETERS: ParameterDef[] = MYSQL8_PARAMETERS.filter((p) => !MYSQL8_ONLY.test(p.parameterName));

/** Checks a value against `allowedValue` (`a|b`, `min-max`, or empty = free text). Returns a reason or undefined. */
export function checkAllowed(def: { parameterName: string; allowedValue: string }, value: string): string | undefined {
  const allowed = def.allowedValue;
  if (!allowed || value.startsWith('{')) return undefined;
  const range = /^(-?\d+(?:\.\d+)?)-(-?\d+(?:\.\d+)?)$/.exec(allowed);
  if (range) {
    if (!/^-?\d+(\.\d+)?$/.test(value))
      return `${def.parameterName} must be a number between ${range[1]} and ${range[2]}`;
    const v = Number(value);
    if (v < Number(range[1]) || v > Number(range[2]))
      return `${def.parameterName} must be between ${range[1]} and ${range[2]}`;
    return undefined;
  }
  const options = allowed.split('|');
  if (!options.includes(value)) return `${def.parameterName} must be one of ${options.join(', ')}`;
  return undefined;
}
