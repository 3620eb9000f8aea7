import { type Kysely, sql } from 'kysely';
import { notNull, withId } from '../schema-helpers.ts';

/**
 * The device domain of 002 §3-§5: the product catalogue (series, device types, model codes,
 * parameters, units), devices with their per-probe settings, commands waiting for the device,
 * maintenance records, expiry notices and the home dashboard tiles.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('device_series'))
    .addColumn('series_name', 'varchar(50)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('base_unit'))
    .addColumn('unit_name', 'varchar(30)', notNull)
    .addColumn('unit_code', 'varchar(30)', notNull)
    .addColumn('unit_classify', 'varchar(30)', notNull)
    .addColumn('locale_code', 'varchar(10)')
    .addColumn('basic_unit_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unit_pic', 'varchar(500)')
    .addColumn('alarm_pic', 'varchar(500)')
    .addColumn('to_basic_formula', 'varchar(100)')
    .addColumn('form_basic_formula', 'varchar(100)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema.createIndex('base_unit_code').on('base_unit').column('unit_code').unique().execute();
  // Celsius and Fahrenheit come with the platform: every account reads temperatures in one of them.
  const now = new Date().toISOString();
  await sql`insert into base_unit (unit_name, unit_code, unit_classify, basic_unit_status, to_basic_formula, form_basic_formula, created_at, updated_at)
    values ('Celsius', 'C', 'temperature', 1, null, null, ${now}, ${now}),
           ('Fahrenheit', 'F', 'temperature', 0, '(X-32)/1.8', 'X*1.8+32', ${now}, ${now})`.execute(db);

  await withId(db, db.schema.createTable('device_type'))
    .addColumn('type_name', 'varchar(50)', notNull)
    .addColumn('type_code', 'varchar(6)', (c) => c.notNull().unique())
    .addColumn('type_series', 'integer', (c) => c.references('device_series.id'))
    .addColumn('map_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('connect_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('push_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('energy_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('energy_param_id', 'integer')
    .addColumn('energy_type', 'integer')
    .addColumn('phone_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auto_sms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('auto_email', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('batch_param_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('online_upgrade_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('waybill_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('convert_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('net_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wifi_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('node_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gateway_data_status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('device_img', 'varchar(500)')
    .addColumn('manual_url', 'varchar(500)')
    .addColumn('type_desc', 'varchar(120)')
    .addColumn('push_param_modified', 'integer', (c) => c.notNull().defaultTo(0))
    /** Comma-separated scene ids; the first is the default scene. */
    .addColumn('type_scenes', 'varchar(20)', notNull)
    .addColumn('add_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('device_model'))
    .addColumn('model_name', 'varchar(50)', notNull)
    .addColumn('model_code', 'varchar(4)', (c) => c.notNull().unique())
    .addColumn('device_type_id', 'integer', (c) => c.references('device_type.id'))
    .addColumn('model_type', 'varchar(30)')
    .addColumn('model_pic', 'varchar(500)')
    .addColumn('model_logo', 'varchar(500)')
    .addColumn('model_volume', 'varchar(50)')
    .addColumn('temperature_range', 'varchar(50)')
    .addColumn('model_voltage', 'varchar(50)')
    .addColumn('model_refrigeration_power', 'varchar(50)')
    .addColumn('model_defrost_power', 'varchar(50)')
    .addColumn('model_desc', 'varchar(200)')
    .addColumn('model_flag', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();

  await withId(db, db.schema.createTable('device_type_param'))
    .addColumn('device_type_id', 'integer', (c) =>
      c.notNull().references('device_type.id').onDelete('cascade'),
    )
    .addColumn('param_classify', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('param_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('param_name', 'varchar(100)', notNull)
    .addColumn('param_key', 'varchar(4)', notNull)
    .addColumn('param_code', 'varchar(6)')
    .addColumn('param_sort_no', 'integer', notNull)
    .addColumn('data_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('vocational_work', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('probe_id', 'integer')
    .addColumn('ref_param_id', 'integer')
    .addColumn('value_range', 'varchar(500)')
    .addColumn('param_default', 'varchar(50)')
    .addColumn('param_default_f', 'varchar(50)')
    .addColumn('precision_unit', 'integer', notNull)
    .addColumn('view_precision_unit', 'integer')
    .addColumn('auto_convert', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('param_min_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('param_max_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('param_min', 'real')
    .addColumn('param_max', 'real')
    .addColumn('param_min_ref_id', 'integer')
    .addColumn('param_max_ref_id', 'integer')
    .addColumn('param_min_equal', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('param_max_equal', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('step_length', 'real')
    .addColumn('param_unit', 'integer', (c) => c.references('base_unit.id'))
    .addColumn('read_write_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enforce_send', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ref_param_expression', 'varchar(100)')
    .addColumn('bit_length', 'integer')
    .addColumn('bit_list', 'varchar(500)')
    .addColumn('reg_exp', 'varchar(200)')
    .addColumn('reg_exp_tip', 'varchar(100)')
    .addColumn('group_name', 'varchar(20)')
    .addColumn('description', 'varchar(200)')
    /** Parameters combined together share this key (the id of the first); null when separate. */
    .addColumn('combine_group', 'integer')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('device_type_param_type')
    .on('device_type_param')
    .columns(['device_type_id', 'param_sort_no'])
    .execute();
  await db.schema
    .createIndex('device_type_param_key')
    .on('device_type_param')
    .columns(['device_type_id', 'param_key'])
    .unique()
    .execute();

  await withId(db, db.schema.createTable('device'))
    .addColumn('platform_id', 'integer', (c) => c.notNull().references('platform.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('device_guid', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('device_name', 'varchar(50)', notNull)
    .addColumn('device_desc', 'varchar(120)')
    .addColumn('device_type_id', 'integer', (c) => c.notNull().references('device_type.id'))
    .addColumn('device_model_id', 'integer', (c) => c.references('device_model.id'))
    /** enabled | stopped | scrapped | notEnabled */
    .addColumn('use_state', 'varchar(12)', notNull)
    .addColumn('deleted_flag', 'integer', (c) => c.notNull().defaultTo(0))
    /** online | offline | alarm | fault | closed | normal | overdue */
    .addColumn('status', 'varchar(10)', notNull)
    .addColumn('last_seen_at', 'varchar(30)')
    .addColumn('battery', 'integer')
    .addColumn('signal', 'integer')
    .addColumn('latitude', 'real')
    .addColumn('longitude', 'real')
    .addColumn('address', 'varchar(200)')
    .addColumn('time_zone', 'varchar(64)', notNull)
    .addColumn('record_interval', 'integer', notNull)
    .addColumn('upload_interval', 'integer', notNull)
    .addColumn('credential_rotation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('service_expired_date', 'varchar(30)', notNull)
    .addColumn('data_expired_date', 'varchar(30)', notNull)
    .addColumn('upper_limit', 'real')
    .addColumn('lower_limit', 'real')
    .addColumn('correction_value', 'real')
    .addColumn('version', 'varchar(50)')
    .addColumn('icc_id', 'varchar(20)')
    .addColumn('sensor_count', 'integer')
    .addColumn('alarm_delay', 'integer')
    .addColumn('country_code', 'varchar(5)')
    .addColumn('order_code', 'varchar(20)')
    .addColumn('server_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sms_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('voice_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_name', 'varchar(50)')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('device_account')
    .on('device')
    .columns(['account_id', 'deleted_flag'])
    .execute();
  await db.schema
    .createIndex('device_platform')
    .on('device')
    .columns(['platform_id', 'deleted_flag'])
    .execute();
  await db.schema.createIndex('device_service_expired').on('device').column('service_expired_date').execute();

  await db.schema
    .createTable('device_probe_setting')
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id').onDelete('cascade'))
    .addColumn('probe_id', 'integer', notNull)
    .addColumn('probe_name', 'varchar(50)')
    .addColumn('upper_limit', 'real', notNull)
    .addColumn('lower_limit', 'real', notNull)
    .addColumn('correction_value', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(30)', notNull)
    .addPrimaryKeyConstraint('device_probe_setting_pk', ['device_id', 'probe_id'])
    .execute();

  await withId(db, db.schema.createTable('device_command'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id').onDelete('cascade'))
    .addColumn('command_type', 'varchar(40)', notNull)
    .addColumn('payload', 'text', notNull)
    /** pending | sent | acked | failed */
    .addColumn('state', 'varchar(10)', notNull)
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('sent_at', 'varchar(30)')
    .addColumn('acked_at', 'varchar(30)')
    .addColumn('result', 'text')
    .execute();
  await db.schema
    .createIndex('device_command_device_state')
    .on('device_command')
    .columns(['device_id', 'state', 'id'])
    .execute();

  await withId(db, db.schema.createTable('device_maintain_record'))
    .addColumn('device_id', 'integer', (c) => c.notNull().references('device.id').onDelete('cascade'))
    .addColumn('report_date', 'varchar(30)', notNull)
    .addColumn('start_time', 'varchar(30)', notNull)
    .addColumn('end_time', 'varchar(30)', notNull)
    .addColumn('maintainer', 'varchar(50)', notNull)
    .addColumn('approver', 'varchar(20)')
    .addColumn('reason', 'varchar(1000)')
    .addColumn('content', 'varchar(1000)')
    .addColumn('standard', 'varchar(1000)')
    .addColumn('result', 'varchar(1000)')
    .addColumn('creator_id', 'integer')
    .addColumn('created_at', 'varchar(30)', notNull)
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('device_maintain_record_device')
    .on('device_maintain_record')
    .columns(['device_id', 'report_date'])
    .execute();

  await withId(db, db.schema.createTable('device_expire_info'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('type', 'integer', notNull)
    .addColumn('push_messages', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'varchar(30)', notNull)
    .execute();
  await db.schema
    .createIndex('device_expire_info_account_type')
    .on('device_expire_info')
    .columns(['account_id', 'type'])
    .unique()
    .execute();

  await db.schema
    .createTable('dashboard_tile')
    .addColumn('account_id', 'integer', (c) => c.notNull().references('account.id'))
    .addColumn('tile_key', 'varchar(40)', notNull)
    .addColumn('sort_no', 'integer', notNull)
    .addPrimaryKeyConstraint('dashboard_tile_pk', ['account_id', 'tile_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'dashboard_tile',
    'device_expire_info',
    'device_maintain_record',
    'device_command',
    'device_probe_setting',
    'device',
    'device_type_param',
    'device_model',
    'device_type',
    'base_unit',
    'device_series',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
