# bash completion for tripctl
# Generated from the command tree by `tripctl completion bash` (npm run generate); do not edit.
# Install: source it from ~/.bashrc — source <(tripctl completion bash) — or copy it to
# ~/.local/share/bash-completion/completions/tripctl.

_tripctl_child() { # path|word → the subcommand it names (aliases resolved)
  case "$1" in
    '|auth') r='auth' ;;
    '|profiles') r='profiles' ;;
    '|config') r='config' ;;
    '|cities') r='cities' ;;
    '|places') r='places' ;;
    '|company') r='company' ;;
    '|members') r='members' ;;
    '|vehicles'|'|fleet') r='vehicles' ;;
    '|trips') r='trips' ;;
    '|schedules') r='schedules' ;;
    '|bookings') r='bookings' ;;
    '|payments') r='payments' ;;
    '|payouts') r='payouts' ;;
    '|dashboard') r='dashboard' ;;
    '|reports') r='reports' ;;
    '|reviews') r='reviews' ;;
    '|webhooks') r='webhooks' ;;
    '|api') r='api' ;;
    '|openapi') r='openapi' ;;
    '|completion') r='completion' ;;
    '|sandbox') r='sandbox' ;;
    '|doctor') r='doctor' ;;
    '|mcp') r='mcp' ;;
    'auth|login') r='login' ;;
    'auth|status') r='status' ;;
    'auth|logout') r='logout' ;;
    'profiles|list') r='list' ;;
    'profiles|use') r='use' ;;
    'profiles|protect') r='protect' ;;
    'profiles|unprotect') r='unprotect' ;;
    'profiles|remove') r='remove' ;;
    'config|list') r='list' ;;
    'config|get') r='get' ;;
    'config|set') r='set' ;;
    'config|unset') r='unset' ;;
    'config|path') r='path' ;;
    'cities|list') r='list' ;;
    'places|search') r='search' ;;
    'company|get') r='get' ;;
    'company|update') r='update' ;;
    'company|logo') r='logo' ;;
    'company logo|set') r='set' ;;
    'company logo|remove') r='remove' ;;
    'members|list') r='list' ;;
    'members|add') r='add' ;;
    'members|update') r='update' ;;
    'members|remove') r='remove' ;;
    'vehicles|list') r='list' ;;
    'vehicles|add') r='add' ;;
    'vehicles|update') r='update' ;;
    'vehicles|remove') r='remove' ;;
    'trips|list') r='list' ;;
    'trips|get') r='get' ;;
    'trips|publish') r='publish' ;;
    'trips|update') r='update' ;;
    'trips|cancel') r='cancel' ;;
    'trips|complete') r='complete' ;;
    'trips|board') r='board' ;;
    'trips|manifest') r='manifest' ;;
    'schedules|list') r='list' ;;
    'schedules|get') r='get' ;;
    'schedules|create') r='create' ;;
    'schedules|update') r='update' ;;
    'schedules|delete') r='delete' ;;
    'schedules|toggle') r='toggle' ;;
    'schedules|pause') r='pause' ;;
    'schedules|resume') r='resume' ;;
    'schedules|preview') r='preview' ;;
    'schedules|skip') r='skip' ;;
    'schedules|exceptions') r='exceptions' ;;
    'schedules exceptions|add') r='add' ;;
    'schedules exceptions|remove') r='remove' ;;
    'bookings|list') r='list' ;;
    'bookings|find') r='find' ;;
    'bookings|get') r='get' ;;
    'bookings|create') r='create' ;;
    'bookings|approve') r='approve' ;;
    'bookings|reject') r='reject' ;;
    'bookings|cancel') r='cancel' ;;
    'bookings|board') r='board' ;;
    'bookings|no-show') r='no-show' ;;
    'bookings|inbox') r='inbox' ;;
    'bookings|ticket') r='ticket' ;;
    'payments|list') r='list' ;;
    'payments|get') r='get' ;;
    'payments|invoice') r='invoice' ;;
    'payouts|list') r='list' ;;
    'reports|show') r='show' ;;
    'reports|export') r='export' ;;
    'reviews|list') r='list' ;;
    'webhooks|list') r='list' ;;
    'webhooks|create') r='create' ;;
    'webhooks|update') r='update' ;;
    'webhooks|delete') r='delete' ;;
    'webhooks|test') r='test' ;;
    'webhooks|deliveries') r='deliveries' ;;
    'webhooks|events') r='events' ;;
    'webhooks|secret') r='secret' ;;
    'webhooks|listen') r='listen' ;;
    'webhooks|inspect') r='inspect' ;;
    'webhooks|verify') r='verify' ;;
    'webhooks|replay') r='replay' ;;
    'sandbox|start') r='start' ;;
    'sandbox|trigger') r='trigger' ;;
    'sandbox|edit-booking') r='edit-booking' ;;
    'sandbox|edit-payment') r='edit-payment' ;;
    'sandbox|advance-clock') r='advance-clock' ;;
    *) r='' ;;
  esac
}

_tripctl_words() { # path → its subcommands
  case "$1" in
    '') r='auth profiles config cities places company members vehicles trips schedules bookings payments payouts dashboard reports reviews webhooks api openapi completion sandbox doctor mcp help' ;;
    'auth') r='login status logout' ;;
    'profiles') r='list use protect unprotect remove' ;;
    'config') r='list get set unset path' ;;
    'cities') r='list' ;;
    'places') r='search' ;;
    'company') r='get update logo' ;;
    'company logo') r='set remove' ;;
    'members') r='list add update remove' ;;
    'vehicles') r='list add update remove' ;;
    'trips') r='list get publish update cancel complete board manifest' ;;
    'schedules') r='list get create update delete toggle pause resume preview skip exceptions' ;;
    'schedules exceptions') r='add remove' ;;
    'bookings') r='list find get create approve reject cancel board no-show inbox ticket' ;;
    'payments') r='list get invoice' ;;
    'payouts') r='list' ;;
    'reports') r='show export' ;;
    'reviews') r='list' ;;
    'webhooks') r='list create update delete test deliveries events secret listen inspect verify replay' ;;
    'sandbox') r='start trigger edit-booking edit-payment advance-clock' ;;
    *) r='' ;;
  esac
}

_tripctl_flags() { # path → its own flags; '.' → the global ones
  case "$1" in
    '') r='-V --version' ;;
    'auth') r='' ;;
    'auth login') r='--with-key' ;;
    'auth status') r='--columns' ;;
    'auth logout') r='' ;;
    'profiles') r='' ;;
    'profiles list') r='--columns' ;;
    'profiles use') r='' ;;
    'profiles protect') r='' ;;
    'profiles unprotect') r='' ;;
    'profiles remove') r='' ;;
    'config') r='' ;;
    'config list') r='' ;;
    'config get') r='' ;;
    'config set') r='' ;;
    'config unset') r='' ;;
    'config path') r='' ;;
    'cities') r='' ;;
    'cities list') r='--param --columns' ;;
    'places') r='' ;;
    'places search') r='--city --param --columns' ;;
    'company') r='' ;;
    'company get') r='--param --columns' ;;
    'company update') r='--description -F --field -f --raw-field --columns' ;;
    'company logo') r='' ;;
    'company logo set') r='' ;;
    'company logo remove') r='' ;;
    'members') r='' ;;
    'members list') r='--param --columns' ;;
    'members add') r='--phone --role -F --field -f --raw-field --columns' ;;
    'members update') r='--role -F --field -f --raw-field --columns' ;;
    'members remove') r='' ;;
    'vehicles') r='' ;;
    'vehicles list') r='--param --columns' ;;
    'vehicles add') r='--make --model --seats --year --color --plate --fuel-type --transmission -F --field -f --raw-field --columns' ;;
    'vehicles update') r='--make --model --seats --year --color --plate --fuel-type --transmission -F --field -f --raw-field --columns' ;;
    'vehicles remove') r='' ;;
    'trips') r='' ;;
    'trips list') r='--status --from --to --date --from-date --to-date --param --page --per-page --all --limit --columns' ;;
    'trips get') r='--param --columns' ;;
    'trips publish') r='--vehicle --from --to --departure --price --seats --driver --pickup --dropoff --notes -F --field -f --raw-field --fare-ok --columns --from-file --sheet --dry-run --concurrency --verbose --update --prune' ;;
    'trips update') r='--vehicle --from --to --departure --price --seats --driver --pickup --dropoff --notes -F --field -f --raw-field --fare-ok --columns' ;;
    'trips cancel') r='' ;;
    'trips complete') r='-F --field -f --raw-field --columns' ;;
    'trips board') r='--sync --no-show-rest --retry-every' ;;
    'trips manifest') r='--param --columns --format --file --force' ;;
    'schedules') r='' ;;
    'schedules list') r='--param --columns' ;;
    'schedules get') r='--param --columns' ;;
    'schedules create') r='--vehicle --driver --from --to --price --seats --recurrence --weekdays --interval-days --time --starts-on --horizon-days --notes -F --field -f --raw-field --fare-ok --columns' ;;
    'schedules update') r='--price --time --weekdays --horizon-days --notes -F --field -f --raw-field --fare-ok --columns' ;;
    'schedules delete') r='' ;;
    'schedules toggle') r='-F --field -f --raw-field --columns' ;;
    'schedules pause') r='' ;;
    'schedules resume') r='' ;;
    'schedules preview') r='--days' ;;
    'schedules skip') r='--from --to --all --dry-run' ;;
    'schedules exceptions') r='' ;;
    'schedules exceptions add') r='--date --skip --extra --time -F --field -f --raw-field --columns' ;;
    'schedules exceptions remove') r='' ;;
    'bookings') r='' ;;
    'bookings list') r='--status --trip --param --page --per-page --all --limit --columns' ;;
    'bookings find') r='' ;;
    'bookings get') r='--param --columns' ;;
    'bookings create') r='--trip --seats --phone --name --note --group --idempotency-key -F --field -f --raw-field --columns --from-file --sheet --dry-run --concurrency --verbose' ;;
    'bookings approve') r='--concurrency' ;;
    'bookings reject') r='--concurrency' ;;
    'bookings cancel') r='--concurrency' ;;
    'bookings board') r='--concurrency' ;;
    'bookings no-show') r='--concurrency' ;;
    'bookings inbox') r='--trip --poll' ;;
    'bookings ticket') r='--format --trip --all --file --force' ;;
    'payments') r='' ;;
    'payments list') r='--status --param --page --per-page --all --limit --columns' ;;
    'payments get') r='--param --columns' ;;
    'payments invoice') r='--param --file --force' ;;
    'payouts') r='' ;;
    'payouts list') r='--param --columns' ;;
    'dashboard') r='--param --columns' ;;
    'reports') r='' ;;
    'reports show') r='--param --columns --from-date --to-date --group-by' ;;
    'reports export') r='--type --format --param --file --force' ;;
    'reviews') r='' ;;
    'reviews list') r='--param --columns' ;;
    'webhooks') r='' ;;
    'webhooks list') r='--param --columns' ;;
    'webhooks create') r='--url --events -F --field -f --raw-field' ;;
    'webhooks update') r='--url --events --pause --resume -F --field -f --raw-field' ;;
    'webhooks delete') r='' ;;
    'webhooks test') r='' ;;
    'webhooks deliveries') r='--param --columns' ;;
    'webhooks events') r='' ;;
    'webhooks secret') r='' ;;
    'webhooks listen') r='--port --host --path --secret --endpoint --forward-to --events --register --save --skip-verify --max-body --forward-timeout --inspect' ;;
    'webhooks inspect') r='--port --forward-to --secret --forward-timeout' ;;
    'webhooks verify') r='--secret --endpoint --signature --payload-file --saved' ;;
    'webhooks replay') r='--to --secret --timeout-ms' ;;
    'api') r='--input --file --force -H --header -F --field -f --raw-field --param' ;;
    'openapi') r='--decisions' ;;
    'completion') r='' ;;
    'sandbox') r='' ;;
    'sandbox start') r='--port --host --time-scale --data --no-profile --quiet' ;;
    'sandbox trigger') r='--id -F --field -f --raw-field --columns' ;;
    'sandbox edit-booking') r='--group --note --seats -F --field -f --raw-field --columns' ;;
    'sandbox edit-payment') r='--status --amount -F --field -f --raw-field --columns' ;;
    'sandbox advance-clock') r='-F --field -f --raw-field --columns' ;;
    'doctor') r='' ;;
    'mcp') r='--allow-writes --toolsets' ;;
    '.') r='--profile --base-url -o --output --json --query --no-color --no-input -y --yes --debug --tz --timeout --retries -h --help' ;;
    *) r='' ;;
  esac
}

_tripctl_value() { # path|flag → how the flag's value completes ('' when it takes none)
  case "$1" in
    'auth status|--columns') r='free' ;;
    'profiles list|--columns') r='free' ;;
    'cities list|--param') r='free' ;;
    'cities list|--columns') r='free' ;;
    'places search|--city') r='dyn:cities' ;;
    'places search|--param') r='free' ;;
    'places search|--columns') r='free' ;;
    'company get|--param') r='free' ;;
    'company get|--columns') r='free' ;;
    'company update|--description') r='free' ;;
    'company update|-F') r='free' ;;
    'company update|--field') r='free' ;;
    'company update|-f') r='free' ;;
    'company update|--raw-field') r='free' ;;
    'company update|--columns') r='free' ;;
    'members list|--param') r='free' ;;
    'members list|--columns') r='free' ;;
    'members add|--phone') r='free' ;;
    'members add|--role') r='one:admin staff driver' ;;
    'members add|-F') r='free' ;;
    'members add|--field') r='free' ;;
    'members add|-f') r='free' ;;
    'members add|--raw-field') r='free' ;;
    'members add|--columns') r='free' ;;
    'members update|--role') r='one:admin staff driver' ;;
    'members update|-F') r='free' ;;
    'members update|--field') r='free' ;;
    'members update|-f') r='free' ;;
    'members update|--raw-field') r='free' ;;
    'members update|--columns') r='free' ;;
    'vehicles list|--param') r='free' ;;
    'vehicles list|--columns') r='free' ;;
    'vehicles add|--make') r='free' ;;
    'vehicles add|--model') r='free' ;;
    'vehicles add|--seats') r='free' ;;
    'vehicles add|--year') r='free' ;;
    'vehicles add|--color') r='free' ;;
    'vehicles add|--plate') r='free' ;;
    'vehicles add|--fuel-type') r='one:petrol diesel electric hybrid lpg' ;;
    'vehicles add|--transmission') r='one:manual automatic' ;;
    'vehicles add|-F') r='free' ;;
    'vehicles add|--field') r='free' ;;
    'vehicles add|-f') r='free' ;;
    'vehicles add|--raw-field') r='free' ;;
    'vehicles add|--columns') r='free' ;;
    'vehicles update|--make') r='free' ;;
    'vehicles update|--model') r='free' ;;
    'vehicles update|--seats') r='free' ;;
    'vehicles update|--year') r='free' ;;
    'vehicles update|--color') r='free' ;;
    'vehicles update|--plate') r='free' ;;
    'vehicles update|--fuel-type') r='one:petrol diesel electric hybrid lpg' ;;
    'vehicles update|--transmission') r='one:manual automatic' ;;
    'vehicles update|-F') r='free' ;;
    'vehicles update|--field') r='free' ;;
    'vehicles update|-f') r='free' ;;
    'vehicles update|--raw-field') r='free' ;;
    'vehicles update|--columns') r='free' ;;
    'trips list|--status') r='one:published cancelled completed' ;;
    'trips list|--from') r='dyn:cities' ;;
    'trips list|--to') r='dyn:cities' ;;
    'trips list|--date') r='free' ;;
    'trips list|--from-date') r='free' ;;
    'trips list|--to-date') r='free' ;;
    'trips list|--param') r='free' ;;
    'trips list|--page') r='free' ;;
    'trips list|--per-page') r='free' ;;
    'trips list|--limit') r='free' ;;
    'trips list|--columns') r='free' ;;
    'trips get|--param') r='free' ;;
    'trips get|--columns') r='free' ;;
    'trips publish|--vehicle') r='dyn:vehicles' ;;
    'trips publish|--from') r='dyn:cities' ;;
    'trips publish|--to') r='dyn:cities' ;;
    'trips publish|--departure') r='free' ;;
    'trips publish|--price') r='free' ;;
    'trips publish|--seats') r='free' ;;
    'trips publish|--driver') r='free' ;;
    'trips publish|--pickup') r='free' ;;
    'trips publish|--dropoff') r='free' ;;
    'trips publish|--notes') r='free' ;;
    'trips publish|-F') r='free' ;;
    'trips publish|--field') r='free' ;;
    'trips publish|-f') r='free' ;;
    'trips publish|--raw-field') r='free' ;;
    'trips publish|--columns') r='free' ;;
    'trips publish|--from-file') r='file' ;;
    'trips publish|--sheet') r='free' ;;
    'trips publish|--concurrency') r='free' ;;
    'trips update|--vehicle') r='dyn:vehicles' ;;
    'trips update|--from') r='dyn:cities' ;;
    'trips update|--to') r='dyn:cities' ;;
    'trips update|--departure') r='free' ;;
    'trips update|--price') r='free' ;;
    'trips update|--seats') r='free' ;;
    'trips update|--driver') r='free' ;;
    'trips update|--pickup') r='free' ;;
    'trips update|--dropoff') r='free' ;;
    'trips update|--notes') r='free' ;;
    'trips update|-F') r='free' ;;
    'trips update|--field') r='free' ;;
    'trips update|-f') r='free' ;;
    'trips update|--raw-field') r='free' ;;
    'trips update|--columns') r='free' ;;
    'trips complete|-F') r='free' ;;
    'trips complete|--field') r='free' ;;
    'trips complete|-f') r='free' ;;
    'trips complete|--raw-field') r='free' ;;
    'trips complete|--columns') r='free' ;;
    'trips board|--retry-every') r='free' ;;
    'trips manifest|--param') r='free' ;;
    'trips manifest|--columns') r='free' ;;
    'trips manifest|--format') r='one:pdf csv' ;;
    'trips manifest|--file') r='file' ;;
    'schedules list|--param') r='free' ;;
    'schedules list|--columns') r='free' ;;
    'schedules get|--param') r='free' ;;
    'schedules get|--columns') r='free' ;;
    'schedules create|--vehicle') r='dyn:vehicles' ;;
    'schedules create|--driver') r='free' ;;
    'schedules create|--from') r='dyn:cities' ;;
    'schedules create|--to') r='dyn:cities' ;;
    'schedules create|--price') r='free' ;;
    'schedules create|--seats') r='free' ;;
    'schedules create|--recurrence') r='one:daily weekly interval' ;;
    'schedules create|--weekdays') r='free' ;;
    'schedules create|--interval-days') r='free' ;;
    'schedules create|--time') r='free' ;;
    'schedules create|--starts-on') r='free' ;;
    'schedules create|--horizon-days') r='free' ;;
    'schedules create|--notes') r='free' ;;
    'schedules create|-F') r='free' ;;
    'schedules create|--field') r='free' ;;
    'schedules create|-f') r='free' ;;
    'schedules create|--raw-field') r='free' ;;
    'schedules create|--columns') r='free' ;;
    'schedules update|--price') r='free' ;;
    'schedules update|--time') r='free' ;;
    'schedules update|--weekdays') r='free' ;;
    'schedules update|--horizon-days') r='free' ;;
    'schedules update|--notes') r='free' ;;
    'schedules update|-F') r='free' ;;
    'schedules update|--field') r='free' ;;
    'schedules update|-f') r='free' ;;
    'schedules update|--raw-field') r='free' ;;
    'schedules update|--columns') r='free' ;;
    'schedules toggle|-F') r='free' ;;
    'schedules toggle|--field') r='free' ;;
    'schedules toggle|-f') r='free' ;;
    'schedules toggle|--raw-field') r='free' ;;
    'schedules toggle|--columns') r='free' ;;
    'schedules preview|--days') r='free' ;;
    'schedules skip|--from') r='free' ;;
    'schedules skip|--to') r='free' ;;
    'schedules exceptions add|--date') r='free' ;;
    'schedules exceptions add|--time') r='free' ;;
    'schedules exceptions add|-F') r='free' ;;
    'schedules exceptions add|--field') r='free' ;;
    'schedules exceptions add|-f') r='free' ;;
    'schedules exceptions add|--raw-field') r='free' ;;
    'schedules exceptions add|--columns') r='free' ;;
    'bookings list|--status') r='one:requested approved rejected cancelled boarded no_show' ;;
    'bookings list|--trip') r='dyn:trips' ;;
    'bookings list|--param') r='free' ;;
    'bookings list|--page') r='free' ;;
    'bookings list|--per-page') r='free' ;;
    'bookings list|--limit') r='free' ;;
    'bookings list|--columns') r='free' ;;
    'bookings get|--param') r='free' ;;
    'bookings get|--columns') r='free' ;;
    'bookings create|--trip') r='dyn:trips' ;;
    'bookings create|--seats') r='free' ;;
    'bookings create|--phone') r='free' ;;
    'bookings create|--name') r='free' ;;
    'bookings create|--note') r='free' ;;
    'bookings create|--group') r='free' ;;
    'bookings create|--idempotency-key') r='free' ;;
    'bookings create|-F') r='free' ;;
    'bookings create|--field') r='free' ;;
    'bookings create|-f') r='free' ;;
    'bookings create|--raw-field') r='free' ;;
    'bookings create|--columns') r='free' ;;
    'bookings create|--from-file') r='file' ;;
    'bookings create|--sheet') r='free' ;;
    'bookings create|--concurrency') r='free' ;;
    'bookings approve|--concurrency') r='free' ;;
    'bookings reject|--concurrency') r='free' ;;
    'bookings cancel|--concurrency') r='free' ;;
    'bookings board|--concurrency') r='free' ;;
    'bookings no-show|--concurrency') r='free' ;;
    'bookings inbox|--trip') r='dyn:trips' ;;
    'bookings inbox|--poll') r='free' ;;
    'bookings ticket|--format') r='one:png pdf' ;;
    'bookings ticket|--trip') r='dyn:trips' ;;
    'bookings ticket|--file') r='file' ;;
    'payments list|--status') r='one:pending paid refunded failed' ;;
    'payments list|--param') r='free' ;;
    'payments list|--page') r='free' ;;
    'payments list|--per-page') r='free' ;;
    'payments list|--limit') r='free' ;;
    'payments list|--columns') r='free' ;;
    'payments get|--param') r='free' ;;
    'payments get|--columns') r='free' ;;
    'payments invoice|--param') r='free' ;;
    'payments invoice|--file') r='file' ;;
    'payouts list|--param') r='free' ;;
    'payouts list|--columns') r='free' ;;
    'dashboard|--param') r='free' ;;
    'dashboard|--columns') r='free' ;;
    'reports show|--param') r='free' ;;
    'reports show|--columns') r='free' ;;
    'reports show|--from-date') r='free' ;;
    'reports show|--to-date') r='free' ;;
    'reports show|--group-by') r='one:route day driver' ;;
    'reports export|--type') r='one:bookings trips revenue drivers routes fleet reviews' ;;
    'reports export|--format') r='one:csv xlsx pdf' ;;
    'reports export|--param') r='free' ;;
    'reports export|--file') r='file' ;;
    'reviews list|--param') r='free' ;;
    'reviews list|--columns') r='free' ;;
    'webhooks list|--param') r='free' ;;
    'webhooks list|--columns') r='free' ;;
    'webhooks create|--url') r='free' ;;
    'webhooks create|--events') r='list:* booking.* trip.* schedule.* payment.* booking.created booking.updated booking.approved booking.rejected booking.cancelled booking.boarded booking.no_show trip.created trip.updated trip.cancelled trip.completed schedule.created schedule.updated schedule.deleted payment.updated' ;;
    'webhooks create|-F') r='free' ;;
    'webhooks create|--field') r='free' ;;
    'webhooks create|-f') r='free' ;;
    'webhooks create|--raw-field') r='free' ;;
    'webhooks update|--url') r='free' ;;
    'webhooks update|--events') r='list:* booking.* trip.* schedule.* payment.* booking.created booking.updated booking.approved booking.rejected booking.cancelled booking.boarded booking.no_show trip.created trip.updated trip.cancelled trip.completed schedule.created schedule.updated schedule.deleted payment.updated' ;;
    'webhooks update|-F') r='free' ;;
    'webhooks update|--field') r='free' ;;
    'webhooks update|-f') r='free' ;;
    'webhooks update|--raw-field') r='free' ;;
    'webhooks deliveries|--param') r='free' ;;
    'webhooks deliveries|--columns') r='free' ;;
    'webhooks listen|--port') r='free' ;;
    'webhooks listen|--host') r='free' ;;
    'webhooks listen|--path') r='file' ;;
    'webhooks listen|--secret') r='free' ;;
    'webhooks listen|--endpoint') r='dyn:webhooks' ;;
    'webhooks listen|--forward-to') r='free' ;;
    'webhooks listen|--events') r='list:* booking.* trip.* schedule.* payment.* booking.created booking.updated booking.approved booking.rejected booking.cancelled booking.boarded booking.no_show trip.created trip.updated trip.cancelled trip.completed schedule.created schedule.updated schedule.deleted payment.updated' ;;
    'webhooks listen|--save') r='dir' ;;
    'webhooks listen|--max-body') r='free' ;;
    'webhooks listen|--forward-timeout') r='free' ;;
    'webhooks inspect|--port') r='free' ;;
    'webhooks inspect|--forward-to') r='free' ;;
    'webhooks inspect|--secret') r='free' ;;
    'webhooks inspect|--forward-timeout') r='free' ;;
    'webhooks verify|--secret') r='free' ;;
    'webhooks verify|--endpoint') r='dyn:webhooks' ;;
    'webhooks verify|--signature') r='free' ;;
    'webhooks verify|--payload-file') r='file' ;;
    'webhooks verify|--saved') r='file' ;;
    'webhooks replay|--to') r='free' ;;
    'webhooks replay|--secret') r='free' ;;
    'webhooks replay|--timeout-ms') r='free' ;;
    'api|--input') r='file' ;;
    'api|--file') r='file' ;;
    'api|-H') r='free' ;;
    'api|--header') r='free' ;;
    'api|-F') r='free' ;;
    'api|--field') r='free' ;;
    'api|-f') r='free' ;;
    'api|--raw-field') r='free' ;;
    'api|--param') r='free' ;;
    'sandbox start|--port') r='free' ;;
    'sandbox start|--host') r='free' ;;
    'sandbox start|--time-scale') r='free' ;;
    'sandbox start|--data') r='file' ;;
    'sandbox trigger|--id') r='free' ;;
    'sandbox trigger|-F') r='free' ;;
    'sandbox trigger|--field') r='free' ;;
    'sandbox trigger|-f') r='free' ;;
    'sandbox trigger|--raw-field') r='free' ;;
    'sandbox trigger|--columns') r='free' ;;
    'sandbox edit-booking|--group') r='free' ;;
    'sandbox edit-booking|--note') r='free' ;;
    'sandbox edit-booking|--seats') r='free' ;;
    'sandbox edit-booking|-F') r='free' ;;
    'sandbox edit-booking|--field') r='free' ;;
    'sandbox edit-booking|-f') r='free' ;;
    'sandbox edit-booking|--raw-field') r='free' ;;
    'sandbox edit-booking|--columns') r='free' ;;
    'sandbox edit-payment|--status') r='one:pending paid refunded failed' ;;
    'sandbox edit-payment|--amount') r='free' ;;
    'sandbox edit-payment|-F') r='free' ;;
    'sandbox edit-payment|--field') r='free' ;;
    'sandbox edit-payment|-f') r='free' ;;
    'sandbox edit-payment|--raw-field') r='free' ;;
    'sandbox edit-payment|--columns') r='free' ;;
    'sandbox advance-clock|-F') r='free' ;;
    'sandbox advance-clock|--field') r='free' ;;
    'sandbox advance-clock|-f') r='free' ;;
    'sandbox advance-clock|--raw-field') r='free' ;;
    'sandbox advance-clock|--columns') r='free' ;;
    'mcp|--toolsets') r='free' ;;
    *'|--profile') r='dyn:profiles' ;;
    *'|--base-url') r='free' ;;
    *'|-o') r='one:table json ndjson csv ids' ;;
    *'|--output') r='one:table json ndjson csv ids' ;;
    *'|--query') r='free' ;;
    *'|--tz') r='free' ;;
    *'|--timeout') r='free' ;;
    *'|--retries') r='free' ;;
    *) r='' ;;
  esac
}

_tripctl_arg() { # path|index → how the positional argument completes
  case "$1" in
    'profiles use|0') r='dyn:profiles' ;;
    'profiles remove|0') r='dyn:profiles' ;;
    'company logo set|0') r='file' ;;
    'members update|0') r='dyn:members' ;;
    'members remove|0') r='dyn:members' ;;
    'vehicles update|0') r='dyn:vehicles' ;;
    'vehicles remove|0') r='dyn:vehicles' ;;
    'trips get|0') r='dyn:trips' ;;
    'trips update|0') r='dyn:trips' ;;
    'trips cancel|0') r='dyn:trips' ;;
    'trips complete|0') r='dyn:trips' ;;
    'trips board|0') r='dyn:trips' ;;
    'trips manifest|0') r='dyn:trips' ;;
    'schedules get|0') r='dyn:schedules' ;;
    'schedules update|0') r='dyn:schedules' ;;
    'schedules delete|0') r='dyn:schedules' ;;
    'schedules toggle|0') r='dyn:schedules' ;;
    'schedules pause|0') r='dyn:schedules' ;;
    'schedules resume|0') r='dyn:schedules' ;;
    'schedules preview|0') r='dyn:schedules' ;;
    'schedules skip|'*) r='dyn:schedules' ;;
    'schedules exceptions add|0') r='dyn:schedules' ;;
    'schedules exceptions remove|0') r='dyn:schedules' ;;
    'bookings get|0') r='dyn:bookings' ;;
    'bookings approve|'*) r='dyn:bookings' ;;
    'bookings reject|'*) r='dyn:bookings' ;;
    'bookings cancel|'*) r='dyn:bookings' ;;
    'bookings board|'*) r='dyn:bookings' ;;
    'bookings no-show|'*) r='dyn:bookings' ;;
    'bookings ticket|0') r='dyn:bookings' ;;
    'webhooks update|0') r='dyn:webhooks' ;;
    'webhooks delete|0') r='dyn:webhooks' ;;
    'webhooks test|0') r='dyn:webhooks' ;;
    'webhooks deliveries|0') r='dyn:webhooks' ;;
    'webhooks secret|0') r='dyn:webhooks' ;;
    'webhooks inspect|0') r='dir' ;;
    'webhooks replay|0') r='file' ;;
    'api|0') r='one:GET POST PUT PATCH DELETE' ;;
    'api|1') r='file' ;;
    'completion|0') r='one:bash zsh fish' ;;
    'sandbox edit-booking|0') r='dyn:bookings' ;;
    *) r='' ;;
  esac
}

_tripctl_reply() { # candidates on stdin, one a line → COMPREPLY
  local line
  COMPREPLY=()
  while IFS= read -r line; do COMPREPLY+=("$line"); done
}

_tripctl_dynamic() { # kind prefix: asks `tripctl __complete`, which answers fast or not at all
  local line
  local -a extra=()
  [[ -n $_tripctl_profile ]] && extra+=(--profile "$_tripctl_profile")
  [[ -n $_tripctl_base_url ]] && extra+=(--base-url "$_tripctl_base_url")
  COMPREPLY=()
  while IFS= read -r line; do
    line=${line%%$'\t'*}
    [[ -n $line && $line == "$2"* ]] && COMPREPLY+=("$(printf '%q' "$line")")
  done < <("${COMP_WORDS[0]}" "${extra[@]}" __complete "$1" "$2" 2>/dev/null)
}

_tripctl_values() { # value-code prefix
  local cur=$2
  case $1 in
    one:*) _tripctl_reply < <(compgen -W "${1#one:}" -- "$cur") ;;
    list:*)
      local done=
      [[ $cur == *,* ]] && done=${cur%,*},
      _tripctl_reply < <(compgen -P "$done" -W "${1#list:}" -- "${cur##*,}")
      compopt -o nospace 2>/dev/null ;;
    file) compopt -o filenames 2>/dev/null; _tripctl_reply < <(compgen -f -- "$cur") ;;
    dir) compopt -o filenames 2>/dev/null; _tripctl_reply < <(compgen -d -- "$cur") ;;
    dyn:*) _tripctl_dynamic "${1#dyn:}" "${cur//\\/}" ;;
    *) COMPREPLY=() ;;
  esac
}

_tripctl() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
  local cmdpath='' r='' w='' i=1 n=0 help='' dashdash='' flag=''
  local _tripctl_profile='' _tripctl_base_url=''
  COMPREPLY=()
  while (( i < COMP_CWORD )); do
    w=${COMP_WORDS[i]}
    i=$((i + 1))
    # bash splits "k=v" at '=' into three words: the '=' and what follows belong to the word before.
    if [[ $w == = ]]; then i=$((i + 1)); continue; fi
    if [[ -z $dashdash && $w == -?* ]]; then
      [[ $w == -- ]] && { dashdash=1; continue; }
      _tripctl_value "$cmdpath|$w"
      # A switch, or --flag=value given as one word.
      [[ -z $r ]] && continue
      local v=''
      if [[ ${COMP_WORDS[i]} == = ]]; then v=${COMP_WORDS[i+1]}; i=$((i + 2))
      elif [[ $w != *=* ]]; then v=${COMP_WORDS[i]}; i=$((i + 1))
      fi
      (( i <= COMP_CWORD )) || continue
      [[ $w == --profile ]] && _tripctl_profile=$v
      [[ $w == --base-url ]] && _tripctl_base_url=$v
      continue
    fi
    if [[ -z $cmdpath && -z $help && $w == help ]]; then help=1; continue; fi
    _tripctl_child "$cmdpath|$w"
    if [[ -n $r ]]; then cmdpath=${cmdpath:+$cmdpath }$r; else n=$((n + 1)); fi
  done

  # A flag's value: "--flag VALUE", "--flag=VALUE" (bash makes '=' a word) or "--flag=".
  if [[ $cur == = ]]; then flag=$prev; cur=''
  elif [[ $prev == = ]]; then flag=${COMP_WORDS[COMP_CWORD-2]}
  elif [[ -z $dashdash && $prev == -?* ]]; then flag=$prev
  fi
  if [[ -n $flag && -z $help ]]; then
    _tripctl_value "$cmdpath|$flag"
    if [[ -n $r ]]; then _tripctl_values "$r" "$cur"; return 0; fi
  fi
  if [[ -z $dashdash && -z $help && $cur == -* ]]; then
    _tripctl_flags "$cmdpath"
    w=$r
    _tripctl_flags .
    _tripctl_reply < <(compgen -W "$w $r" -- "$cur")
    return 0
  fi
  _tripctl_words "$cmdpath"
  if [[ -n $r ]]; then _tripctl_reply < <(compgen -W "$r" -- "$cur"); return 0; fi
  [[ -n $help ]] && return 0
  _tripctl_arg "$cmdpath|$n"
  _tripctl_values "$r" "$cur"
  return 0
}

complete -F _tripctl tripctl
