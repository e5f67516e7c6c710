# fish completion for tripctl
# Generated from the command tree by `tripctl completion fish` (npm run generate); do not edit.
# Install: tripctl completion fish > ~/.config/fish/completions/tripctl.fish

function __tripctl_child -a key # path|word → the subcommand it names (aliases resolved)
    switch $key
        case '|auth'
            echo 'auth'
        case '|profiles'
            echo 'profiles'
        case '|config'
            echo 'config'
        case '|cities'
            echo 'cities'
        case '|places'
            echo 'places'
        case '|company'
            echo 'company'
        case '|members'
            echo 'members'
        case '|vehicles' '|fleet'
            echo 'vehicles'
        case '|trips'
            echo 'trips'
        case '|schedules'
            echo 'schedules'
        case '|bookings'
            echo 'bookings'
        case '|payments'
            echo 'payments'
        case '|payouts'
            echo 'payouts'
        case '|dashboard'
            echo 'dashboard'
        case '|reports'
            echo 'reports'
        case '|reviews'
            echo 'reviews'
        case '|webhooks'
            echo 'webhooks'
        case '|api'
            echo 'api'
        case '|openapi'
            echo 'openapi'
        case '|completion'
            echo 'completion'
        case '|sandbox'
            echo 'sandbox'
        case '|doctor'
            echo 'doctor'
        case '|mcp'
            echo 'mcp'
        case 'auth|login'
            echo 'login'
        case 'auth|status'
            echo 'status'
        case 'auth|logout'
            echo 'logout'
        case 'profiles|list'
            echo 'list'
        case 'profiles|use'
            echo 'use'
        case 'profiles|protect'
            echo 'protect'
        case 'profiles|unprotect'
            echo 'unprotect'
        case 'profiles|remove'
            echo 'remove'
        case 'config|list'
            echo 'list'
        case 'config|get'
            echo 'get'
        case 'config|set'
            echo 'set'
        case 'config|unset'
            echo 'unset'
        case 'config|path'
            echo 'path'
        case 'cities|list'
            echo 'list'
        case 'places|search'
            echo 'search'
        case 'company|get'
            echo 'get'
        case 'company|update'
            echo 'update'
        case 'company|logo'
            echo 'logo'
        case 'company logo|set'
            echo 'set'
        case 'company logo|remove'
            echo 'remove'
        case 'members|list'
            echo 'list'
        case 'members|add'
            echo 'add'
        case 'members|update'
            echo 'update'
        case 'members|remove'
            echo 'remove'
        case 'vehicles|list'
            echo 'list'
        case 'vehicles|add'
            echo 'add'
        case 'vehicles|update'
            echo 'update'
        case 'vehicles|remove'
            echo 'remove'
        case 'trips|list'
            echo 'list'
        case 'trips|get'
            echo 'get'
        case 'trips|publish'
            echo 'publish'
        case 'trips|update'
            echo 'update'
        case 'trips|cancel'
            echo 'cancel'
        case 'trips|complete'
            echo 'complete'
        case 'trips|board'
            echo 'board'
        case 'trips|manifest'
            echo 'manifest'
        case 'schedules|list'
            echo 'list'
        case 'schedules|get'
            echo 'get'
        case 'schedules|create'
            echo 'create'
        case 'schedules|update'
            echo 'update'
        case 'schedules|delete'
            echo 'delete'
        case 'schedules|toggle'
            echo 'toggle'
        case 'schedules|pause'
            echo 'pause'
        case 'schedules|resume'
            echo 'resume'
        case 'schedules|preview'
            echo 'preview'
        case 'schedules|skip'
            echo 'skip'
        case 'schedules|exceptions'
            echo 'exceptions'
        case 'schedules exceptions|add'
            echo 'add'
        case 'schedules exceptions|remove'
            echo 'remove'
        case 'bookings|list'
            echo 'list'
        case 'bookings|find'
            echo 'find'
        case 'bookings|get'
            echo 'get'
        case 'bookings|create'
            echo 'create'
        case 'bookings|approve'
            echo 'approve'
        case 'bookings|reject'
            echo 'reject'
        case 'bookings|cancel'
            echo 'cancel'
        case 'bookings|board'
            echo 'board'
        case 'bookings|no-show'
            echo 'no-show'
        case 'bookings|inbox'
            echo 'inbox'
        case 'bookings|ticket'
            echo 'ticket'
        case 'payments|list'
            echo 'list'
        case 'payments|get'
            echo 'get'
        case 'payments|invoice'
            echo 'invoice'
        case 'payouts|list'
            echo 'list'
        case 'reports|show'
            echo 'show'
        case 'reports|export'
            echo 'export'
        case 'reviews|list'
            echo 'list'
        case 'webhooks|list'
            echo 'list'
        case 'webhooks|create'
            echo 'create'
        case 'webhooks|update'
            echo 'update'
        case 'webhooks|delete'
            echo 'delete'
        case 'webhooks|test'
            echo 'test'
        case 'webhooks|deliveries'
            echo 'deliveries'
        case 'webhooks|events'
            echo 'events'
        case 'webhooks|secret'
            echo 'secret'
        case 'webhooks|listen'
            echo 'listen'
        case 'webhooks|inspect'
            echo 'inspect'
        case 'webhooks|verify'
            echo 'verify'
        case 'webhooks|replay'
            echo 'replay'
        case 'sandbox|start'
            echo 'start'
        case 'sandbox|trigger'
            echo 'trigger'
        case 'sandbox|edit-booking'
            echo 'edit-booking'
        case 'sandbox|edit-payment'
            echo 'edit-payment'
        case 'sandbox|advance-clock'
            echo 'advance-clock'
    end
end

function __tripctl_takes_value -a key # path|flag → whether the flag takes the next word
    switch $key
        case 'auth status|--columns' 'profiles list|--columns' 'cities list|--param' 'cities list|--columns' 'places search|--city' 'places search|--param' 'places search|--columns' 'company get|--param' 'company get|--columns' 'company update|--description' 'company update|-F' 'company update|--field' 'company update|-f' 'company update|--raw-field' 'company update|--columns' 'members list|--param' 'members list|--columns' 'members add|--phone' 'members add|--role' 'members add|-F' 'members add|--field' 'members add|-f' 'members add|--raw-field' 'members add|--columns' 'members update|--role' 'members update|-F' 'members update|--field' 'members update|-f' 'members update|--raw-field' 'members update|--columns' 'vehicles list|--param' 'vehicles list|--columns' 'vehicles add|--make' 'vehicles add|--model' 'vehicles add|--seats' 'vehicles add|--year' 'vehicles add|--color' 'vehicles add|--plate' 'vehicles add|--fuel-type' 'vehicles add|--transmission' 'vehicles add|-F' 'vehicles add|--field' 'vehicles add|-f' 'vehicles add|--raw-field' 'vehicles add|--columns' 'vehicles update|--make' 'vehicles update|--model' 'vehicles update|--seats' 'vehicles update|--year' 'vehicles update|--color' 'vehicles update|--plate' 'vehicles update|--fuel-type' 'vehicles update|--transmission' 'vehicles update|-F' 'vehicles update|--field' 'vehicles update|-f' 'vehicles update|--raw-field' 'vehicles update|--columns' 'trips list|--status' 'trips list|--from' 'trips list|--to' 'trips list|--date' 'trips list|--from-date' 'trips list|--to-date' 'trips list|--param' 'trips list|--page' 'trips list|--per-page' 'trips list|--limit' 'trips list|--columns' 'trips get|--param' 'trips get|--columns' 'trips publish|--vehicle' 'trips publish|--from' 'trips publish|--to' 'trips publish|--departure' 'trips publish|--price' 'trips publish|--seats' 'trips publish|--driver' 'trips publish|--pickup' 'trips publish|--dropoff' 'trips publish|--notes' 'trips publish|-F' 'trips publish|--field' 'trips publish|-f' 'trips publish|--raw-field' 'trips publish|--columns' 'trips publish|--from-file' 'trips publish|--sheet' 'trips publish|--concurrency' 'trips update|--vehicle' 'trips update|--from' 'trips update|--to' 'trips update|--departure' 'trips update|--price' 'trips update|--seats' 'trips update|--driver' 'trips update|--pickup' 'trips update|--dropoff' 'trips update|--notes' 'trips update|-F' 'trips update|--field' 'trips update|-f' 'trips update|--raw-field' 'trips update|--columns' 'trips complete|-F' 'trips complete|--field' 'trips complete|-f' 'trips complete|--raw-field' 'trips complete|--columns' 'trips board|--retry-every' 'trips manifest|--param' 'trips manifest|--columns' 'trips manifest|--format' 'trips manifest|--file' 'schedules list|--param' 'schedules list|--columns' 'schedules get|--param' 'schedules get|--columns' 'schedules create|--vehicle' 'schedules create|--driver' 'schedules create|--from' 'schedules create|--to' 'schedules create|--price' 'schedules create|--seats' 'schedules create|--recurrence' 'schedules create|--weekdays' 'schedules create|--interval-days' 'schedules create|--time' 'schedules create|--starts-on' 'schedules create|--horizon-days' 'schedules create|--notes' 'schedules create|-F' 'schedules create|--field' 'schedules create|-f' 'schedules create|--raw-field' 'schedules create|--columns' 'schedules update|--price' 'schedules update|--time' 'schedules update|--weekdays' 'schedules update|--horizon-days' 'schedules update|--notes' 'schedules update|-F' 'schedules update|--field' 'schedules update|-f' 'schedules update|--raw-field' 'schedules update|--columns' 'schedules toggle|-F' 'schedules toggle|--field' 'schedules toggle|-f' 'schedules toggle|--raw-field' 'schedules toggle|--columns' 'schedules preview|--days' 'schedules skip|--from' 'schedules skip|--to' 'schedules exceptions add|--date' 'schedules exceptions add|--time' 'schedules exceptions add|-F' 'schedules exceptions add|--field' 'schedules exceptions add|-f' 'schedules exceptions add|--raw-field' 'schedules exceptions add|--columns' 'bookings list|--status' 'bookings list|--trip' 'bookings list|--param' 'bookings list|--page' 'bookings list|--per-page' 'bookings list|--limit' 'bookings list|--columns' 'bookings get|--param' 'bookings get|--columns' 'bookings create|--trip' 'bookings create|--seats' 'bookings create|--phone' 'bookings create|--name' 'bookings create|--note' 'bookings create|--group' 'bookings create|--idempotency-key' 'bookings create|-F' 'bookings create|--field' 'bookings create|-f' 'bookings create|--raw-field' 'bookings create|--columns' 'bookings create|--from-file' 'bookings create|--sheet' 'bookings create|--concurrency' 'bookings approve|--concurrency' 'bookings reject|--concurrency' 'bookings cancel|--concurrency' 'bookings board|--concurrency' 'bookings no-show|--concurrency' 'bookings inbox|--trip' 'bookings inbox|--poll' 'bookings ticket|--format' 'bookings ticket|--trip' 'bookings ticket|--file' 'payments list|--status' 'payments list|--param' 'payments list|--page' 'payments list|--per-page' 'payments list|--limit' 'payments list|--columns' 'payments get|--param' 'payments get|--columns' 'payments invoice|--param' 'payments invoice|--file' 'payouts list|--param' 'payouts list|--columns' 'dashboard|--param' 'dashboard|--columns' 'reports show|--param' 'reports show|--columns' 'reports show|--from-date' 'reports show|--to-date' 'reports show|--group-by' 'reports export|--type' 'reports export|--format' 'reports export|--param' 'reports export|--file' 'reviews list|--param' 'reviews list|--columns' 'webhooks list|--param' 'webhooks list|--columns' 'webhooks create|--url' 'webhooks create|--events' 'webhooks create|-F' 'webhooks create|--field' 'webhooks create|-f' 'webhooks create|--raw-field' 'webhooks update|--url' 'webhooks update|--events' 'webhooks update|-F' 'webhooks update|--field' 'webhooks update|-f' 'webhooks update|--raw-field' 'webhooks deliveries|--param' 'webhooks deliveries|--columns' 'webhooks listen|--port' 'webhooks listen|--host' 'webhooks listen|--path' 'webhooks listen|--secret' 'webhooks listen|--endpoint' 'webhooks listen|--forward-to' 'webhooks listen|--events' 'webhooks listen|--save' 'webhooks listen|--max-body' 'webhooks listen|--forward-timeout' 'webhooks inspect|--port' 'webhooks inspect|--forward-to' 'webhooks inspect|--secret' 'webhooks inspect|--forward-timeout' 'webhooks verify|--secret' 'webhooks verify|--endpoint' 'webhooks verify|--signature' 'webhooks verify|--payload-file' 'webhooks verify|--saved' 'webhooks replay|--to' 'webhooks replay|--secret' 'webhooks replay|--timeout-ms' 'api|--input' 'api|--file' 'api|-H' 'api|--header' 'api|-F' 'api|--field' 'api|-f' 'api|--raw-field' 'api|--param' 'sandbox start|--port' 'sandbox start|--host' 'sandbox start|--time-scale' 'sandbox start|--data' 'sandbox trigger|--id' 'sandbox trigger|-F' 'sandbox trigger|--field' 'sandbox trigger|-f' 'sandbox trigger|--raw-field' 'sandbox trigger|--columns' 'sandbox edit-booking|--group' 'sandbox edit-booking|--note' 'sandbox edit-booking|--seats' 'sandbox edit-booking|-F' 'sandbox edit-booking|--field' 'sandbox edit-booking|-f' 'sandbox edit-booking|--raw-field' 'sandbox edit-booking|--columns' 'sandbox edit-payment|--status' 'sandbox edit-payment|--amount' 'sandbox edit-payment|-F' 'sandbox edit-payment|--field' 'sandbox edit-payment|-f' 'sandbox edit-payment|--raw-field' 'sandbox edit-payment|--columns' 'sandbox advance-clock|-F' 'sandbox advance-clock|--field' 'sandbox advance-clock|-f' 'sandbox advance-clock|--raw-field' 'sandbox advance-clock|--columns' 'mcp|--toolsets' '*|--profile' '*|--base-url' '*|-o' '*|--output' '*|--query' '*|--tz' '*|--timeout' '*|--retries'
            return 0
    end
    return 1
end

function __tripctl_state # prints the command path reached, then how many positionals follow it
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l path ''
    set -l n 0
    set -l skip 0
    set -l help 0
    set -l dashdash 0
    for w in $tokens
        if test $skip = 1
            set skip 0
            continue
        end
        if test $dashdash = 0; and string match -qr -- '^-.' $w
            if test $w = --
                set dashdash 1
            else if not string match -q -- '*=*' $w; and __tripctl_takes_value "$path|$w"
                set skip 1
            end
            continue
        end
        if test -z "$path"; and test $help = 0; and test $w = help
            set help 1
            continue
        end
        set -l child (__tripctl_child "$path|$w")
        if test -n "$child"
            set path (string trim -- "$path $child")
        else
            set n (math $n + 1)
        end
    end
    echo $path
    echo $n
end

function __tripctl_at -a want index # true at this path (and, given, at this positional: N or N+)
    set -l state (__tripctl_state)
    test "$state[1]" = "$want"; or return 1
    test -z "$index"; and return 0
    if string match -q -- '*+' $index
        test $state[2] -ge (string trim -r -c + -- $index)
    else
        test $state[2] -eq $index
    end
end

function __tripctl_dynamic -a kind # asks `tripctl __complete`, which answers fast or not at all
    set -l tokens (commandline -opc)
    set -l extra
    set -l i (contains -i -- --profile $tokens); and set -a extra --profile $tokens[(math $i + 1)]
    set -l j (contains -i -- --base-url $tokens); and set -a extra --base-url $tokens[(math $j + 1)]
    set -l prefix (string replace -r -- '^--[^=]*=' '' (commandline -ct))
    type -q -- $tokens[1]; or return 0
    $tokens[1] $extra __complete $kind "$prefix" 2>/dev/null
end

function __tripctl_list # a comma-separated list of these values: completes the last item
    set -l done (string match -r -- '^.*,' (string replace -r -- '^--[^=]*=' '' (commandline -ct)))
    for value in $argv
        echo "$done$value"
    end
end

complete -c tripctl -f

# tripctl
complete -c tripctl -n '__tripctl_at \'\'' -a 'auth' -d 'Log in with a company secret key and check it'
complete -c tripctl -n '__tripctl_at \'\'' -a 'profiles' -d 'Saved profiles: one per company key or environment'
complete -c tripctl -n '__tripctl_at \'\'' -a 'config' -d 'Settings of the active profile: base-url, output, timezone, currency, country, timeout, retries'
complete -c tripctl -n '__tripctl_at \'\'' -a 'cities' -d 'Cities that trips run between'
complete -c tripctl -n '__tripctl_at \'\'' -a 'places' -d 'Pickup and drop-off places inside cities, by P-code'
complete -c tripctl -n '__tripctl_at \'\'' -a 'company' -d 'The company\'s public profile'
complete -c tripctl -n '__tripctl_at \'\'' -a 'members' -d 'People of the company: owner, admins, staff and drivers'
complete -c tripctl -n '__tripctl_at \'\'' -a 'vehicles' -d 'The company\'s fleet'
complete -c tripctl -n '__tripctl_at \'\'' -a 'trips' -d 'Intercity trips: publish, update, cancel, complete'
complete -c tripctl -n '__tripctl_at \'\'' -a 'schedules' -d 'Recurring schedules that publish trips, with per-date exceptions'
complete -c tripctl -n '__tripctl_at \'\'' -a 'bookings' -d 'Passenger bookings: create, approve, reject, cancel, board, no-show, tickets'
complete -c tripctl -n '__tripctl_at \'\'' -a 'payments' -d 'Payments on company bookings (read-only) and their invoices'
complete -c tripctl -n '__tripctl_at \'\'' -a 'payouts' -d 'The company\'s payout records'
complete -c tripctl -n '__tripctl_at \'\'' -a 'dashboard' -d 'Show high-level counts: trips, bookings, revenue'
complete -c tripctl -n '__tripctl_at \'\'' -a 'reports' -d 'Aggregated booking and revenue figures, and file exports'
complete -c tripctl -n '__tripctl_at \'\'' -a 'reviews' -d 'Reviews passengers left on the company\'s trips'
complete -c tripctl -n '__tripctl_at \'\'' -a 'webhooks' -d 'Webhook endpoints, their signing secrets, and a local listener for signed deliveries'
complete -c tripctl -n '__tripctl_at \'\'' -a 'api' -d 'Make any call to the service and print the answer as received (the escape hatch)'
complete -c tripctl -n '__tripctl_at \'\'' -a 'openapi' -d 'Print the service\'s OpenAPI document (no key needed); -o table lists its operations, --decisions what the sandbox decided where the service\'s description is silent'
complete -c tripctl -n '__tripctl_at \'\'' -a 'completion' -d 'Print the shell completion script for bash, zsh or fish (groups, verbs, flags, allowed values, and cities, ids and plates from the service)'
complete -c tripctl -n '__tripctl_at \'\'' -a 'sandbox' -d 'A local, stateful sandbox of the whole partner interface, and its administrator controls'
complete -c tripctl -n '__tripctl_at \'\'' -a 'doctor' -d 'Check the set-up: Node, config file modes, profile and where each setting comes from, base URL, key, read scopes, clock, proxy, code cache; says how to fix each'
complete -c tripctl -n '__tripctl_at \'\'' -a 'mcp' -d 'Serve tripctl\'s verbs to an assistant over the Model Context Protocol on stdio: read-only unless --allow-writes, and a person confirms every write through the assistant\'s client'
complete -c tripctl -n '__tripctl_at \'\'' -a help -d 'show help for a command'
complete -c tripctl -n '__tripctl_at \'\'' -s V -l version -d 'print the version'
complete -c tripctl -l profile -xa '(__tripctl_dynamic profiles)' -d 'use this saved profile (env TRIPCTL_PROFILE)'
complete -c tripctl -l base-url -x -d 'service base URL, e.g. https://host/api/partner/v1 (env TRIPCTL_BASE_URL)'
complete -c tripctl -s o -l output -xa 'table json ndjson csv ids' -d 'output format (env TRIPCTL_OUTPUT)'
complete -c tripctl -l json -d 'same as -o json'
complete -c tripctl -l query -x -d 'JMESPath expression over the JSON result (implies JSON)'
complete -c tripctl -l no-color -d 'no colour (also off when piped, or with NO_COLOR)'
complete -c tripctl -l no-input -d 'never prompt; missing values are an error (also without a TTY or with CI set)'
complete -c tripctl -s y -l yes -d 'answer yes to confirmations'
complete -c tripctl -l debug -d 'trace requests and responses on stderr, secrets masked (env TRIPCTL_DEBUG)'
complete -c tripctl -l tz -x -d 'time zone for local times shown and given, e.g. Asia/Damascus (env TRIPCTL_TZ; default: the profile\'s, else the system\'s)'
complete -c tripctl -l timeout -x -d 'per-request time-out in seconds (default 30)'
complete -c tripctl -l retries -x -d 'retries after the first try, for retry-safe requests (default 3)'
complete -c tripctl -s h -l help -d 'show help'

# auth
complete -c tripctl -n '__tripctl_at \'auth\'' -a 'login' -d 'Verify a secret key with the service and save it in a profile'
complete -c tripctl -n '__tripctl_at \'auth\'' -a 'status' -d 'Show the company, base URL, (masked) key and protection of the active profile, checked with the service'
complete -c tripctl -n '__tripctl_at \'auth\'' -a 'logout' -d 'Forget the key saved in the active profile'

# auth login
complete -c tripctl -n '__tripctl_at \'auth login\'' -l with-key -d 'read the key from stdin instead of prompting'

# auth status
complete -c tripctl -n '__tripctl_at \'auth status\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# auth logout

# profiles
complete -c tripctl -n '__tripctl_at \'profiles\'' -a 'list' -d 'List saved profiles, marking the default and the protected'
complete -c tripctl -n '__tripctl_at \'profiles\'' -a 'use' -d 'Make a saved profile the default'
complete -c tripctl -n '__tripctl_at \'profiles\'' -a 'protect' -d 'Make every command that changes something on this profile ask first (or need --yes without a terminal)'
complete -c tripctl -n '__tripctl_at \'profiles\'' -a 'unprotect' -d 'Let commands on this profile change things without asking again'
complete -c tripctl -n '__tripctl_at \'profiles\'' -a 'remove' -d 'Delete a saved profile and its key'

# profiles list
complete -c tripctl -n '__tripctl_at \'profiles list\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# profiles use
complete -c tripctl -n '__tripctl_at \'profiles use\' 0' -xa '(__tripctl_dynamic profiles)' -d 'name'

# profiles protect

# profiles unprotect

# profiles remove
complete -c tripctl -n '__tripctl_at \'profiles remove\' 0' -xa '(__tripctl_dynamic profiles)' -d 'name'

# config
complete -c tripctl -n '__tripctl_at \'config\'' -a 'list' -d 'List the settings of the active profile (the key masked)'
complete -c tripctl -n '__tripctl_at \'config\'' -a 'get' -d 'Print one setting of the active profile'
complete -c tripctl -n '__tripctl_at \'config\'' -a 'set' -d 'Change one setting of the active profile (the key itself is set with auth login)'
complete -c tripctl -n '__tripctl_at \'config\'' -a 'unset' -d 'Remove one setting of the active profile, back to its default'
complete -c tripctl -n '__tripctl_at \'config\'' -a 'path' -d 'Print where the config file lives'

# config list

# config get

# config set

# config unset

# config path

# cities
complete -c tripctl -n '__tripctl_at \'cities\'' -a 'list' -d 'List the cities usable as --from and --to'

# cities list
complete -c tripctl -n '__tripctl_at \'cities list\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'cities list\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# places
complete -c tripctl -n '__tripctl_at \'places\'' -a 'search' -d 'Search places by text, optionally inside one city (no text: a short default list)'

# places search
complete -c tripctl -n '__tripctl_at \'places search\'' -l city -xa '(__tripctl_dynamic cities)' -d 'only places in this city (id or name)'
complete -c tripctl -n '__tripctl_at \'places search\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'places search\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# company
complete -c tripctl -n '__tripctl_at \'company\'' -a 'get' -d 'Show the company the key belongs to'
complete -c tripctl -n '__tripctl_at \'company\'' -a 'update' -d 'Change the company\'s public description'
complete -c tripctl -n '__tripctl_at \'company\'' -a 'logo' -d 'The company\'s logo image'

# company get
complete -c tripctl -n '__tripctl_at \'company get\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'company get\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# company update
complete -c tripctl -n '__tripctl_at \'company update\'' -l description -x -d 'public description (required)'
complete -c tripctl -n '__tripctl_at \'company update\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'company update\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'company update\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# company logo
complete -c tripctl -n '__tripctl_at \'company logo\'' -a 'set' -d 'Upload a PNG, JPEG, WebP or GIF file as the logo, replacing the current one'
complete -c tripctl -n '__tripctl_at \'company logo\'' -a 'remove' -d 'Remove the logo'

# company logo set
complete -c tripctl -n '__tripctl_at \'company logo set\' 0' -F -d 'file'

# company logo remove

# members
complete -c tripctl -n '__tripctl_at \'members\'' -a 'list' -d 'List every member with their role'
complete -c tripctl -n '__tripctl_at \'members\'' -a 'add' -d 'Add a registered user, found by phone, as a member with a role'
complete -c tripctl -n '__tripctl_at \'members\'' -a 'update' -d 'Change a member\'s role'
complete -c tripctl -n '__tripctl_at \'members\'' -a 'remove' -d 'Detach a member from the company (the user account stays)'

# members list
complete -c tripctl -n '__tripctl_at \'members list\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'members list\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# members add
complete -c tripctl -n '__tripctl_at \'members add\'' -l phone -x -d 'phone of a registered user; local (0944 123 456, read in the profile\'s country) or +963… (required)'
complete -c tripctl -n '__tripctl_at \'members add\'' -l role -xa 'admin staff driver' -d 'admin, staff or driver (owner cannot be assigned) (required)'
complete -c tripctl -n '__tripctl_at \'members add\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'members add\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'members add\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# members update
complete -c tripctl -n '__tripctl_at \'members update\'' -l role -xa 'admin staff driver' -d 'admin, staff or driver (owner cannot be assigned) (required)'
complete -c tripctl -n '__tripctl_at \'members update\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'members update\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'members update\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'members update\' 0' -xa '(__tripctl_dynamic members)' -d 'memberId'

# members remove
complete -c tripctl -n '__tripctl_at \'members remove\' 0' -xa '(__tripctl_dynamic members)' -d 'memberId'

# vehicles
complete -c tripctl -n '__tripctl_at \'vehicles\'' -a 'list' -d 'List every vehicle of the fleet'
complete -c tripctl -n '__tripctl_at \'vehicles\'' -a 'add' -d 'Add a vehicle to the fleet'
complete -c tripctl -n '__tripctl_at \'vehicles\'' -a 'update' -d 'Change a vehicle\'s details'
complete -c tripctl -n '__tripctl_at \'vehicles\'' -a 'remove' -d 'Remove a vehicle (refused while it is on published trips)'

# vehicles list
complete -c tripctl -n '__tripctl_at \'vehicles list\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'vehicles list\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# vehicles add
complete -c tripctl -n '__tripctl_at \'vehicles add\'' -l make -x -d 'manufacturer, e.g. Hyundai (required)'
complete -c tripctl -n '__tripctl_at \'vehicles add\'' -l model -x -d 'model, e.g. County (required)'
complete -c tripctl -n '__tripctl_at \'vehicles add\'' -l seats -x -d 'passenger seats, 1-20 (required)'
complete -c tripctl -n '__tripctl_at \'vehicles add\'' -l year -x -d 'model year, 1980-2100'
complete -c tripctl -n '__tripctl_at \'vehicles add\'' -l color -x -d 'colour'
complete -c tripctl -n '__tripctl_at \'vehicles add\'' -l plate -x -d 'plate number (usable in place of the id elsewhere)'
complete -c tripctl -n '__tripctl_at \'vehicles add\'' -l fuel-type -xa 'petrol diesel electric hybrid lpg' -d 'fuel type'
complete -c tripctl -n '__tripctl_at \'vehicles add\'' -l transmission -xa 'manual automatic' -d 'transmission'
complete -c tripctl -n '__tripctl_at \'vehicles add\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'vehicles add\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'vehicles add\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# vehicles update
complete -c tripctl -n '__tripctl_at \'vehicles update\'' -l make -x -d 'manufacturer, e.g. Hyundai'
complete -c tripctl -n '__tripctl_at \'vehicles update\'' -l model -x -d 'model, e.g. County'
complete -c tripctl -n '__tripctl_at \'vehicles update\'' -l seats -x -d 'passenger seats, 1-20'
complete -c tripctl -n '__tripctl_at \'vehicles update\'' -l year -x -d 'model year, 1980-2100'
complete -c tripctl -n '__tripctl_at \'vehicles update\'' -l color -x -d 'colour'
complete -c tripctl -n '__tripctl_at \'vehicles update\'' -l plate -x -d 'plate number (usable in place of the id elsewhere)'
complete -c tripctl -n '__tripctl_at \'vehicles update\'' -l fuel-type -xa 'petrol diesel electric hybrid lpg' -d 'fuel type'
complete -c tripctl -n '__tripctl_at \'vehicles update\'' -l transmission -xa 'manual automatic' -d 'transmission'
complete -c tripctl -n '__tripctl_at \'vehicles update\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'vehicles update\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'vehicles update\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'vehicles update\' 0' -xa '(__tripctl_dynamic vehicles)' -d 'vehicleId'

# vehicles remove
complete -c tripctl -n '__tripctl_at \'vehicles remove\' 0' -xa '(__tripctl_dynamic vehicles)' -d 'vehicleId'

# trips
complete -c tripctl -n '__tripctl_at \'trips\'' -a 'list' -d 'List trips, newest departure first; with --date (or --from-date, --to-date) those departing on those local days, soonest first'
complete -c tripctl -n '__tripctl_at \'trips\'' -a 'get' -d 'Show one trip'
complete -c tripctl -n '__tripctl_at \'trips\'' -a 'publish' -d 'Publish a trip (asks for what is missing on a terminal)'
complete -c tripctl -n '__tripctl_at \'trips\'' -a 'update' -d 'Change a published trip'
complete -c tripctl -n '__tripctl_at \'trips\'' -a 'cancel' -d 'Cancel a trip; its bookings follow the cancellation rules'
complete -c tripctl -n '__tripctl_at \'trips\'' -a 'complete' -d 'Mark a trip that has run as completed'
complete -c tripctl -n '__tripctl_at \'trips\'' -a 'board' -d 'A boarding station: scan tickets or type booking ids to mark passengers boarded; works offline'
complete -c tripctl -n '__tripctl_at \'trips\'' -a 'manifest' -d 'List a trip\'s approved and boarded passengers, or save the driver\'s sheet (--format pdf|csv)'

# trips list
complete -c tripctl -n '__tripctl_at \'trips list\'' -l status -xa 'published cancelled completed' -d 'only trips in this status (others: --param status=…)'
complete -c tripctl -n '__tripctl_at \'trips list\'' -l from -xa '(__tripctl_dynamic cities)' -d 'only trips from this city (id or name)'
complete -c tripctl -n '__tripctl_at \'trips list\'' -l to -xa '(__tripctl_dynamic cities)' -d 'only trips to this city (id or name)'
complete -c tripctl -n '__tripctl_at \'trips list\'' -l date -x -d 'only trips departing on this local day: today, tomorrow or YYYY-MM-DD'
complete -c tripctl -n '__tripctl_at \'trips list\'' -l from-date -x -d 'only trips departing on or after this local day'
complete -c tripctl -n '__tripctl_at \'trips list\'' -l to-date -x -d 'only trips departing on or before this local day'
complete -c tripctl -n '__tripctl_at \'trips list\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'trips list\'' -l page -x -d 'page to fetch (from 1)'
complete -c tripctl -n '__tripctl_at \'trips list\'' -l per-page -x -d 'items per page, 1-100 (default 25; 100 with --all)'
complete -c tripctl -n '__tripctl_at \'trips list\'' -l all -d 'fetch every page, streaming as pages arrive'
complete -c tripctl -n '__tripctl_at \'trips list\'' -l limit -x -d 'stop after N items, fetching pages as needed'
complete -c tripctl -n '__tripctl_at \'trips list\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# trips get
complete -c tripctl -n '__tripctl_at \'trips get\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'trips get\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'trips get\' 0' -xa '(__tripctl_dynamic trips)' -d 'tripId'

# trips publish
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l vehicle -xa '(__tripctl_dynamic vehicles)' -d 'fleet vehicle, by id or plate (required)'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l from -xa '(__tripctl_dynamic cities)' -d 'origin city, by id or name (English or Arabic) (required)'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l to -xa '(__tripctl_dynamic cities)' -d 'destination city, by id or name (required)'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l departure -x -d '\'YYYY-MM-DD HH:MM\' in the profile\'s time zone (or --tz), or ISO 8601 with offset (required)'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l price -x -d 'fare per seat, in the currency\'s units (18000 or 18,000.50); -F pricePerSeat=… takes minor units (required)'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l seats -x -d 'seats on sale (default: the vehicle\'s seats)'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l driver -x -d 'driving member, by name, phone or id (default: the key\'s actor)'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l pickup -x -d 'pickup place P-code (see places search)'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l dropoff -x -d 'drop-off place P-code'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l notes -x -d 'public trip notes'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l fare-ok -d 'send a fare even when it is more than 5 times above or below the route\'s usual fare'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l from-file -rF -d 'one request per row of a CSV file or Excel workbook (.xlsx; - for stdin), columns named like these flags and read the same way (price in the currency\'s units; a column under the service\'s field name, pricePerSeat, in its minor units) or as offices head them (Date, Time, Fare (SYP), السعر…); a flag fills its column where a row leaves it empty'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l sheet -x -d 'with --from-file: the sheet of an Excel workbook to read (default: the first)'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l dry-run -d 'with --from-file: check every row and print the requests as NDJSON; send nothing'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l concurrency -x -d 'with --from-file: rows in flight at once'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l verbose -d 'with --from-file: list every row (by default unchanged rows are counted on one line)'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l update -d 'with --from-file: send the changes of rows that differ from their published trip, a move of its time included (PATCH /trips/{id}); without it they are reported, not sent, and the run ends with exit 8 (9 when other rows were sent)'
complete -c tripctl -n '__tripctl_at \'trips publish\'' -l prune -d 'with --from-file: cancel the published trips of the file\'s vehicles and days that no row stands for any more (DELETE /trips/{id}); a trip with bookings only when a person at a terminal says so'

# trips update
complete -c tripctl -n '__tripctl_at \'trips update\'' -l vehicle -xa '(__tripctl_dynamic vehicles)' -d 'fleet vehicle, by id or plate'
complete -c tripctl -n '__tripctl_at \'trips update\'' -l from -xa '(__tripctl_dynamic cities)' -d 'origin city, by id or name (English or Arabic)'
complete -c tripctl -n '__tripctl_at \'trips update\'' -l to -xa '(__tripctl_dynamic cities)' -d 'destination city, by id or name'
complete -c tripctl -n '__tripctl_at \'trips update\'' -l departure -x -d '\'YYYY-MM-DD HH:MM\' in the profile\'s time zone (or --tz), or ISO 8601 with offset'
complete -c tripctl -n '__tripctl_at \'trips update\'' -l price -x -d 'fare per seat, in the currency\'s units (18000 or 18,000.50); -F pricePerSeat=… takes minor units'
complete -c tripctl -n '__tripctl_at \'trips update\'' -l seats -x -d 'seats on sale (default: the vehicle\'s seats)'
complete -c tripctl -n '__tripctl_at \'trips update\'' -l driver -x -d 'driving member, by name, phone or id (default: the key\'s actor)'
complete -c tripctl -n '__tripctl_at \'trips update\'' -l pickup -x -d 'pickup place P-code (see places search)'
complete -c tripctl -n '__tripctl_at \'trips update\'' -l dropoff -x -d 'drop-off place P-code'
complete -c tripctl -n '__tripctl_at \'trips update\'' -l notes -x -d 'public trip notes'
complete -c tripctl -n '__tripctl_at \'trips update\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'trips update\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'trips update\'' -l fare-ok -d 'send a fare even when it is more than 5 times above or below the route\'s usual fare'
complete -c tripctl -n '__tripctl_at \'trips update\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'trips update\' 0' -xa '(__tripctl_dynamic trips)' -d 'tripId'

# trips cancel
complete -c tripctl -n '__tripctl_at \'trips cancel\' 0' -xa '(__tripctl_dynamic trips)' -d 'tripId'

# trips complete
complete -c tripctl -n '__tripctl_at \'trips complete\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'trips complete\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'trips complete\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'trips complete\' 0' -xa '(__tripctl_dynamic trips)' -d 'tripId'

# trips board
complete -c tripctl -n '__tripctl_at \'trips board\'' -l sync -d 'send the boardings queued while offline, then stop (no scanning)'
complete -c tripctl -n '__tripctl_at \'trips board\'' -l no-show-rest -d 'at the end, mark every approved passenger who has not boarded as no-show, without asking'
complete -c tripctl -n '__tripctl_at \'trips board\'' -l retry-every -x -d 'how often queued boardings are retried while the station runs'
complete -c tripctl -n '__tripctl_at \'trips board\' 0' -xa '(__tripctl_dynamic trips)' -d 'tripId'

# trips manifest
complete -c tripctl -n '__tripctl_at \'trips manifest\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'trips manifest\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'trips manifest\'' -l format -xa 'pdf csv' -d 'the driver\'s sheet: a printable A4 PDF, or its rows as CSV (saved as a file)'
complete -c tripctl -n '__tripctl_at \'trips manifest\'' -l file -rF -d 'where to save it: a file, a directory, or - for stdout (default: manifest-TRIPID8.FORMAT here)'
complete -c tripctl -n '__tripctl_at \'trips manifest\'' -l force -d 'replace an existing file'
complete -c tripctl -n '__tripctl_at \'trips manifest\' 0' -xa '(__tripctl_dynamic trips)' -d 'tripId'

# schedules
complete -c tripctl -n '__tripctl_at \'schedules\'' -a 'list' -d 'List schedules'
complete -c tripctl -n '__tripctl_at \'schedules\'' -a 'get' -d 'Show a schedule with its exceptions'
complete -c tripctl -n '__tripctl_at \'schedules\'' -a 'create' -d 'Create a schedule that publishes trips on a recurrence'
complete -c tripctl -n '__tripctl_at \'schedules\'' -a 'update' -d 'Change price, time, weekdays, horizon or notes; omitted fields keep their values'
complete -c tripctl -n '__tripctl_at \'schedules\'' -a 'delete' -d 'Delete a schedule: no more trips are generated; published trips stay'
complete -c tripctl -n '__tripctl_at \'schedules\'' -a 'toggle' -d 'Flip a schedule between active and paused'
complete -c tripctl -n '__tripctl_at \'schedules\'' -a 'pause' -d 'Pause a schedule; does nothing if it is already paused'
complete -c tripctl -n '__tripctl_at \'schedules\'' -a 'resume' -d 'Resume a schedule; does nothing if it is already active'
complete -c tripctl -n '__tripctl_at \'schedules\'' -a 'preview' -d 'The departures a schedule will have over the next days, by its rule: each \'published\' (with its trip), \'to come\' (past the horizon too), \'skipped\', \'extra\', or \'paused\' / \'cancelled\''
complete -c tripctl -n '__tripctl_at \'schedules\'' -a 'skip' -d 'Close dates (a holiday): a skip exception per date per schedule, dates already skipped left as they are; says how many booked trips it touches and asks first (--yes without a terminal)'
complete -c tripctl -n '__tripctl_at \'schedules\'' -a 'exceptions' -d 'Per-date overrides: skip a date or add an extra departure'

# schedules list
complete -c tripctl -n '__tripctl_at \'schedules list\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'schedules list\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# schedules get
complete -c tripctl -n '__tripctl_at \'schedules get\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'schedules get\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'schedules get\' 0' -xa '(__tripctl_dynamic schedules)' -d 'scheduleId'

# schedules create
complete -c tripctl -n '__tripctl_at \'schedules create\'' -l vehicle -xa '(__tripctl_dynamic vehicles)' -d 'fleet vehicle, by id or plate (required)'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -l driver -x -d 'driving member, by name, phone or id (required)'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -l from -xa '(__tripctl_dynamic cities)' -d 'origin city, by id or name (required)'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -l to -xa '(__tripctl_dynamic cities)' -d 'destination city, by id or name (required)'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -l price -x -d 'fare per seat, in the currency\'s units (18000 or 18,000.50); -F pricePerSeat=… takes minor units (required)'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -l seats -x -d 'seats on sale (default: the vehicle\'s)'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -l recurrence -xa 'daily weekly interval' -d 'daily, weekly or interval (required)'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -l weekdays -x -d 'for weekly: mon,wed,fri or 1,3,5 (0 = Sunday)'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -l interval-days -x -d 'for interval: days between departures'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -l time -x -d 'departure time, 24-hour, in the service\'s local time (Asia/Damascus) (required)'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -l starts-on -x -d 'first occurrence, YYYY-MM-DD'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -l horizon-days -x -d 'how many days ahead trips are published'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -l notes -x -d 'public notes on the trips'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -l fare-ok -d 'send a fare even when it is more than 5 times above or below the route\'s usual fare'
complete -c tripctl -n '__tripctl_at \'schedules create\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# schedules update
complete -c tripctl -n '__tripctl_at \'schedules update\'' -l price -x -d 'fare per seat, in the currency\'s units (18000 or 18,000.50); -F pricePerSeat=… takes minor units'
complete -c tripctl -n '__tripctl_at \'schedules update\'' -l time -x -d 'departure time, 24-hour, in the service\'s local time (Asia/Damascus)'
complete -c tripctl -n '__tripctl_at \'schedules update\'' -l weekdays -x -d 'for weekly: mon,wed,fri or 1,3,5 (0 = Sunday)'
complete -c tripctl -n '__tripctl_at \'schedules update\'' -l horizon-days -x -d 'how many days ahead trips are published'
complete -c tripctl -n '__tripctl_at \'schedules update\'' -l notes -x -d 'public notes on the trips'
complete -c tripctl -n '__tripctl_at \'schedules update\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'schedules update\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'schedules update\'' -l fare-ok -d 'send a fare even when it is more than 5 times above or below the route\'s usual fare'
complete -c tripctl -n '__tripctl_at \'schedules update\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'schedules update\' 0' -xa '(__tripctl_dynamic schedules)' -d 'scheduleId'

# schedules delete
complete -c tripctl -n '__tripctl_at \'schedules delete\' 0' -xa '(__tripctl_dynamic schedules)' -d 'scheduleId'

# schedules toggle
complete -c tripctl -n '__tripctl_at \'schedules toggle\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'schedules toggle\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'schedules toggle\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'schedules toggle\' 0' -xa '(__tripctl_dynamic schedules)' -d 'scheduleId'

# schedules pause
complete -c tripctl -n '__tripctl_at \'schedules pause\' 0' -xa '(__tripctl_dynamic schedules)' -d 'scheduleId'

# schedules resume
complete -c tripctl -n '__tripctl_at \'schedules resume\' 0' -xa '(__tripctl_dynamic schedules)' -d 'scheduleId'

# schedules preview
complete -c tripctl -n '__tripctl_at \'schedules preview\'' -l days -x -d 'how many days ahead, from now'
complete -c tripctl -n '__tripctl_at \'schedules preview\' 0' -xa '(__tripctl_dynamic schedules)' -d 'scheduleId'

# schedules skip
complete -c tripctl -n '__tripctl_at \'schedules skip\'' -l from -x -d 'first date closed (required)'
complete -c tripctl -n '__tripctl_at \'schedules skip\'' -l to -x -d 'last date closed, included (required)'
complete -c tripctl -n '__tripctl_at \'schedules skip\'' -l all -d 'every schedule of the company'
complete -c tripctl -n '__tripctl_at \'schedules skip\'' -l dry-run -d 'show what would be added and what exists; send nothing'
complete -c tripctl -n '__tripctl_at \'schedules skip\' 0+' -xa '(__tripctl_dynamic schedules)' -d 'scheduleIds'

# schedules exceptions
complete -c tripctl -n '__tripctl_at \'schedules exceptions\'' -a 'add' -d 'Skip a date, or add an extra departure on it (replaces any exception for that date)'
complete -c tripctl -n '__tripctl_at \'schedules exceptions\'' -a 'remove' -d 'Remove a date override'

# schedules exceptions add
complete -c tripctl -n '__tripctl_at \'schedules exceptions add\'' -l date -x -d 'the date overridden (required)'
complete -c tripctl -n '__tripctl_at \'schedules exceptions add\'' -l skip -d 'no departure on that date'
complete -c tripctl -n '__tripctl_at \'schedules exceptions add\'' -l extra -d 'an extra departure on that date (with --time)'
complete -c tripctl -n '__tripctl_at \'schedules exceptions add\'' -l time -x -d 'departure time, 24-hour, in the service\'s local time (Asia/Damascus)'
complete -c tripctl -n '__tripctl_at \'schedules exceptions add\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'schedules exceptions add\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'schedules exceptions add\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'schedules exceptions add\' 0' -xa '(__tripctl_dynamic schedules)' -d 'scheduleId'

# schedules exceptions remove
complete -c tripctl -n '__tripctl_at \'schedules exceptions remove\' 0' -xa '(__tripctl_dynamic schedules)' -d 'scheduleId'

# bookings
complete -c tripctl -n '__tripctl_at \'bookings\'' -a 'list' -d 'List bookings, newest first'
complete -c tripctl -n '__tripctl_at \'bookings\'' -a 'find' -d 'Find a passenger\'s bookings across trips, newest first, by name (any spelling of the letters), phone as people write it, or the code printed on the ticket (QX-…)'
complete -c tripctl -n '__tripctl_at \'bookings\'' -a 'get' -d 'Show a booking with its trip, passenger and payments'
complete -c tripctl -n '__tripctl_at \'bookings\'' -a 'create' -d 'Book seats on a trip for a passenger, by phone (safe to retry: always sent with an Idempotency-Key)'
complete -c tripctl -n '__tripctl_at \'bookings\'' -a 'approve' -d 'Approve requested bookings; several ids, or - to read them from stdin'
complete -c tripctl -n '__tripctl_at \'bookings\'' -a 'reject' -d 'Reject requested bookings; several ids, or - to read them from stdin'
complete -c tripctl -n '__tripctl_at \'bookings\'' -a 'cancel' -d 'Cancel bookings; several ids, or - to read them from stdin'
complete -c tripctl -n '__tripctl_at \'bookings\'' -a 'board' -d 'Mark passengers boarded (sets boardedAt); several ids, or - to read them from stdin'
complete -c tripctl -n '__tripctl_at \'bookings\'' -a 'no-show' -d 'Mark passengers who did not board as no-show; several ids, or - to read them from stdin'
complete -c tripctl -n '__tripctl_at \'bookings\'' -a 'inbox' -d 'Triage requested bookings on a terminal: approve, reject or skip each, one key at a time'
complete -c tripctl -n '__tripctl_at \'bookings\'' -a 'ticket' -d 'Show the boarding ticket (on a terminal with its QR code), or save it as a PNG or PDF to send'

# bookings list
complete -c tripctl -n '__tripctl_at \'bookings list\'' -l status -xa 'requested approved rejected cancelled boarded no_show' -d 'only bookings in this status (others: --param status=…)'
complete -c tripctl -n '__tripctl_at \'bookings list\'' -l trip -xa '(__tripctl_dynamic trips)' -d 'only bookings of this trip'
complete -c tripctl -n '__tripctl_at \'bookings list\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'bookings list\'' -l page -x -d 'page to fetch (from 1)'
complete -c tripctl -n '__tripctl_at \'bookings list\'' -l per-page -x -d 'items per page, 1-100 (default 25; 100 with --all)'
complete -c tripctl -n '__tripctl_at \'bookings list\'' -l all -d 'fetch every page, streaming as pages arrive'
complete -c tripctl -n '__tripctl_at \'bookings list\'' -l limit -x -d 'stop after N items, fetching pages as needed'
complete -c tripctl -n '__tripctl_at \'bookings list\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# bookings find

# bookings get
complete -c tripctl -n '__tripctl_at \'bookings get\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'bookings get\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'bookings get\' 0' -xa '(__tripctl_dynamic bookings)' -d 'bookingId'

# bookings create
complete -c tripctl -n '__tripctl_at \'bookings create\'' -l trip -xa '(__tripctl_dynamic trips)' -d 'trip to book on (required)'
complete -c tripctl -n '__tripctl_at \'bookings create\'' -l seats -x -d 'seats, 1-20 (required)'
complete -c tripctl -n '__tripctl_at \'bookings create\'' -l phone -x -d 'passenger\'s phone; local (0944 123 456, read in the profile\'s country) or +963… (required)'
complete -c tripctl -n '__tripctl_at \'bookings create\'' -l name -x -d 'passenger\'s full name (used when the phone is new)'
complete -c tripctl -n '__tripctl_at \'bookings create\'' -l note -x -d 'passenger note, at most 200 characters'
complete -c tripctl -n '__tripctl_at \'bookings create\'' -l group -x -d 'group name, at most 80 characters'
complete -c tripctl -n '__tripctl_at \'bookings create\'' -l idempotency-key -x -d 'key that makes a repeated request a replay of the first (default: a new random key, reused across retries)'
complete -c tripctl -n '__tripctl_at \'bookings create\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'bookings create\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'bookings create\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'bookings create\'' -l from-file -rF -d 'one request per row of a CSV file or Excel workbook (.xlsx; - for stdin), columns named like these flags and read the same way (price in the currency\'s units; a column under the service\'s field name, pricePerSeat, in its minor units) or as offices head them (Date, Time, Fare (SYP), السعر…); a flag fills its column where a row leaves it empty'
complete -c tripctl -n '__tripctl_at \'bookings create\'' -l sheet -x -d 'with --from-file: the sheet of an Excel workbook to read (default: the first)'
complete -c tripctl -n '__tripctl_at \'bookings create\'' -l dry-run -d 'with --from-file: check every row and print the requests as NDJSON; send nothing'
complete -c tripctl -n '__tripctl_at \'bookings create\'' -l concurrency -x -d 'with --from-file: rows in flight at once'
complete -c tripctl -n '__tripctl_at \'bookings create\'' -l verbose -d 'with --from-file: list every row (by default unchanged rows are counted on one line)'

# bookings approve
complete -c tripctl -n '__tripctl_at \'bookings approve\'' -l concurrency -x -d 'requests in flight at once'
complete -c tripctl -n '__tripctl_at \'bookings approve\' 0+' -xa '(__tripctl_dynamic bookings)' -d 'bookingIds'

# bookings reject
complete -c tripctl -n '__tripctl_at \'bookings reject\'' -l concurrency -x -d 'requests in flight at once'
complete -c tripctl -n '__tripctl_at \'bookings reject\' 0+' -xa '(__tripctl_dynamic bookings)' -d 'bookingIds'

# bookings cancel
complete -c tripctl -n '__tripctl_at \'bookings cancel\'' -l concurrency -x -d 'requests in flight at once'
complete -c tripctl -n '__tripctl_at \'bookings cancel\' 0+' -xa '(__tripctl_dynamic bookings)' -d 'bookingIds'

# bookings board
complete -c tripctl -n '__tripctl_at \'bookings board\'' -l concurrency -x -d 'requests in flight at once'
complete -c tripctl -n '__tripctl_at \'bookings board\' 0+' -xa '(__tripctl_dynamic bookings)' -d 'bookingIds'

# bookings no-show
complete -c tripctl -n '__tripctl_at \'bookings no-show\'' -l concurrency -x -d 'requests in flight at once'
complete -c tripctl -n '__tripctl_at \'bookings no-show\' 0+' -xa '(__tripctl_dynamic bookings)' -d 'bookingIds'

# bookings inbox
complete -c tripctl -n '__tripctl_at \'bookings inbox\'' -l trip -xa '(__tripctl_dynamic trips)' -d 'only requests for this trip'
complete -c tripctl -n '__tripctl_at \'bookings inbox\'' -l poll -x -d 'how often new requests are looked for'

# bookings ticket
complete -c tripctl -n '__tripctl_at \'bookings ticket\'' -l format -xa 'png pdf' -d 'save the ticket as a file: png (its QR code) or pdf (the whole ticket)'
complete -c tripctl -n '__tripctl_at \'bookings ticket\'' -l trip -xa '(__tripctl_dynamic trips)' -d 'with --all: the trip whose approved bookings get a ticket each'
complete -c tripctl -n '__tripctl_at \'bookings ticket\'' -l all -d 'every approved booking of --trip: one PDF with a page each, or a folder of PNGs'
complete -c tripctl -n '__tripctl_at \'bookings ticket\'' -l file -rF -d 'where to save it: a file, a directory, or - for stdout (default: ticket-BOOKING8.FORMAT here; with --all tickets-TRIP8.pdf or tickets-TRIP8/)'
complete -c tripctl -n '__tripctl_at \'bookings ticket\'' -l force -d 'replace an existing file'
complete -c tripctl -n '__tripctl_at \'bookings ticket\' 0' -xa '(__tripctl_dynamic bookings)' -d 'bookingId'

# payments
complete -c tripctl -n '__tripctl_at \'payments\'' -a 'list' -d 'List payments, newest first'
complete -c tripctl -n '__tripctl_at \'payments\'' -a 'get' -d 'Show one payment'
complete -c tripctl -n '__tripctl_at \'payments\'' -a 'invoice' -d 'Download a payment\'s invoice PDF (the path saved is printed on stdout)'

# payments list
complete -c tripctl -n '__tripctl_at \'payments list\'' -l status -xa 'pending paid refunded failed' -d 'only payments in this status'
complete -c tripctl -n '__tripctl_at \'payments list\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'payments list\'' -l page -x -d 'page to fetch (from 1)'
complete -c tripctl -n '__tripctl_at \'payments list\'' -l per-page -x -d 'items per page, 1-100 (default 25; 100 with --all)'
complete -c tripctl -n '__tripctl_at \'payments list\'' -l all -d 'fetch every page, streaming as pages arrive'
complete -c tripctl -n '__tripctl_at \'payments list\'' -l limit -x -d 'stop after N items, fetching pages as needed'
complete -c tripctl -n '__tripctl_at \'payments list\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# payments get
complete -c tripctl -n '__tripctl_at \'payments get\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'payments get\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# payments invoice
complete -c tripctl -n '__tripctl_at \'payments invoice\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'payments invoice\'' -l file -rF -d 'where to save it: a file, a directory, or - for stdout (default: the service\'s file name)'
complete -c tripctl -n '__tripctl_at \'payments invoice\'' -l force -d 'replace an existing file'

# payouts
complete -c tripctl -n '__tripctl_at \'payouts\'' -a 'list' -d 'List payouts'

# payouts list
complete -c tripctl -n '__tripctl_at \'payouts list\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'payouts list\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# dashboard
complete -c tripctl -n '__tripctl_at \'dashboard\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'dashboard\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# reports
complete -c tripctl -n '__tripctl_at \'reports\'' -a 'show' -d 'Show aggregated booking and revenue figures; with --from-date/--to-date (local days) or --group-by, a period\'s takings by route, day or driver, computed from its payments and bookings (the service\'s report takes no period)'
complete -c tripctl -n '__tripctl_at \'reports\'' -a 'export' -d 'Download a report as csv, xlsx or pdf (the path saved is printed on stdout)'

# reports show
complete -c tripctl -n '__tripctl_at \'reports show\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'reports show\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'reports show\'' -l from-date -x -d 'the period\'s first local day (YYYY-MM-DD, today, yesterday)'
complete -c tripctl -n '__tripctl_at \'reports show\'' -l to-date -x -d 'the period\'s last local day'
complete -c tripctl -n '__tripctl_at \'reports show\'' -l group-by -xa 'route day driver' -d 'default route'

# reports export
complete -c tripctl -n '__tripctl_at \'reports export\'' -l type -xa 'bookings trips revenue drivers routes fleet reviews' -d 'what the report covers (required)'
complete -c tripctl -n '__tripctl_at \'reports export\'' -l format -xa 'csv xlsx pdf' -d 'file format (required)'
complete -c tripctl -n '__tripctl_at \'reports export\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'reports export\'' -l file -rF -d 'where to save it: a file, a directory, or - for stdout (default: the service\'s file name)'
complete -c tripctl -n '__tripctl_at \'reports export\'' -l force -d 'replace an existing file'

# reviews
complete -c tripctl -n '__tripctl_at \'reviews\'' -a 'list' -d 'List reviews'

# reviews list
complete -c tripctl -n '__tripctl_at \'reviews list\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'reviews list\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# webhooks
complete -c tripctl -n '__tripctl_at \'webhooks\'' -a 'list' -d 'List webhook endpoints (secrets are never included)'
complete -c tripctl -n '__tripctl_at \'webhooks\'' -a 'create' -d 'Create an endpoint; its signing secret is printed once and kept in the profile\'s file (0600)'
complete -c tripctl -n '__tripctl_at \'webhooks\'' -a 'update' -d 'Change the URL or the events of an endpoint, or pause and resume its deliveries'
complete -c tripctl -n '__tripctl_at \'webhooks\'' -a 'delete' -d 'Delete an endpoint (asks first; --yes without a terminal) and forget its kept secret'
complete -c tripctl -n '__tripctl_at \'webhooks\'' -a 'test' -d 'Queue a webhook.test delivery to an endpoint'
complete -c tripctl -n '__tripctl_at \'webhooks\'' -a 'deliveries' -d 'Recent delivery attempts of an endpoint: status, response, latency, time'
complete -c tripctl -n '__tripctl_at \'webhooks\'' -a 'events' -d 'List the event names an endpoint can receive, with what each means (local)'
complete -c tripctl -n '__tripctl_at \'webhooks\'' -a 'secret' -d 'Print the signing secret kept for an endpoint when it was created (local; this profile\'s file)'
complete -c tripctl -n '__tripctl_at \'webhooks\'' -a 'listen' -d 'Receive signed deliveries locally: verify each over its raw bytes, print it, forward it to your handler'
complete -c tripctl -n '__tripctl_at \'webhooks\'' -a 'inspect' -d 'Open deliveries saved by `listen --save DIR` in the inspector page (127.0.0.1), to read and replay them'
complete -c tripctl -n '__tripctl_at \'webhooks\'' -a 'verify' -d 'Check a captured delivery: exit 0 when the signature matches the body, 1 with the reason when not'
complete -c tripctl -n '__tripctl_at \'webhooks\'' -a 'replay' -d 'Send a delivery saved by `listen --save` to a handler again, byte-exact, re-signed'

# webhooks list
complete -c tripctl -n '__tripctl_at \'webhooks list\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'webhooks list\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# webhooks create
complete -c tripctl -n '__tripctl_at \'webhooks create\'' -l url -x -d 'HTTPS URL the service posts to (at most 2048 characters; http:// only on loopback, for the sandbox) (required)'
complete -c tripctl -n '__tripctl_at \'webhooks create\'' -l events -xa '(__tripctl_list \'*\' \'booking.*\' \'trip.*\' \'schedule.*\' \'payment.*\' \'booking.created\' \'booking.updated\' \'booking.approved\' \'booking.rejected\' \'booking.cancelled\' \'booking.boarded\' \'booking.no_show\' \'trip.created\' \'trip.updated\' \'trip.cancelled\' \'trip.completed\' \'schedule.created\' \'schedule.updated\' \'schedule.deleted\' \'payment.updated\')' -d 'events to receive: names, groups like booking.*, or * for all; comma-separated or repeated (required)'
complete -c tripctl -n '__tripctl_at \'webhooks create\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'webhooks create\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'

# webhooks update
complete -c tripctl -n '__tripctl_at \'webhooks update\'' -l url -x -d 'new URL (HTTPS, at most 2048 characters)'
complete -c tripctl -n '__tripctl_at \'webhooks update\'' -l events -xa '(__tripctl_list \'*\' \'booking.*\' \'trip.*\' \'schedule.*\' \'payment.*\' \'booking.created\' \'booking.updated\' \'booking.approved\' \'booking.rejected\' \'booking.cancelled\' \'booking.boarded\' \'booking.no_show\' \'trip.created\' \'trip.updated\' \'trip.cancelled\' \'trip.completed\' \'schedule.created\' \'schedule.updated\' \'schedule.deleted\' \'payment.updated\')' -d 'replace the list of events (names, groups like booking.*, or *)'
complete -c tripctl -n '__tripctl_at \'webhooks update\'' -l pause -d 'stop deliveries without deleting the endpoint (active: false)'
complete -c tripctl -n '__tripctl_at \'webhooks update\'' -l resume -d 'deliver again (active: true)'
complete -c tripctl -n '__tripctl_at \'webhooks update\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'webhooks update\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'webhooks update\' 0' -xa '(__tripctl_dynamic webhooks)' -d 'endpointId'

# webhooks delete
complete -c tripctl -n '__tripctl_at \'webhooks delete\' 0' -xa '(__tripctl_dynamic webhooks)' -d 'endpointId'

# webhooks test
complete -c tripctl -n '__tripctl_at \'webhooks test\' 0' -xa '(__tripctl_dynamic webhooks)' -d 'endpointId'

# webhooks deliveries
complete -c tripctl -n '__tripctl_at \'webhooks deliveries\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'webhooks deliveries\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'webhooks deliveries\' 0' -xa '(__tripctl_dynamic webhooks)' -d 'endpointId'

# webhooks events

# webhooks secret
complete -c tripctl -n '__tripctl_at \'webhooks secret\' 0' -xa '(__tripctl_dynamic webhooks)' -d 'endpointId'

# webhooks listen
complete -c tripctl -n '__tripctl_at \'webhooks listen\'' -l port -x -d 'port to listen on; 0 picks a free one'
complete -c tripctl -n '__tripctl_at \'webhooks listen\'' -l host -x -d 'address to listen on'
complete -c tripctl -n '__tripctl_at \'webhooks listen\'' -l path -rF -d 'accept deliveries on this path only (default: any path)'
complete -c tripctl -n '__tripctl_at \'webhooks listen\'' -l secret -x -d 'signing secret to verify with (env TRIPCTL_WEBHOOK_SECRET)'
complete -c tripctl -n '__tripctl_at \'webhooks listen\'' -l endpoint -xa '(__tripctl_dynamic webhooks)' -d 'verify with the secret kept for this endpoint'
complete -c tripctl -n '__tripctl_at \'webhooks listen\'' -l forward-to -x -d 'send each verified delivery, bytes and headers unchanged, to your handler; the service gets the handler\'s status'
complete -c tripctl -n '__tripctl_at \'webhooks listen\'' -l events -xa '(__tripctl_list \'*\' \'booking.*\' \'trip.*\' \'schedule.*\' \'payment.*\' \'booking.created\' \'booking.updated\' \'booking.approved\' \'booking.rejected\' \'booking.cancelled\' \'booking.boarded\' \'booking.no_show\' \'trip.created\' \'trip.updated\' \'trip.cancelled\' \'trip.completed\' \'schedule.created\' \'schedule.updated\' \'schedule.deleted\' \'payment.updated\')' -d 'only these events (names, groups like booking.*, or *); with --register, the events to subscribe'
complete -c tripctl -n '__tripctl_at \'webhooks listen\'' -l register -d 'create a temporary endpoint at URL (default: this listener, for the sandbox), use its secret, delete it on exit'
complete -c tripctl -n '__tripctl_at \'webhooks listen\'' -l save -xa '(__fish_complete_directories)' -d 'write every delivery, byte-exact with its headers, one JSON file each (see webhooks replay)'
complete -c tripctl -n '__tripctl_at \'webhooks listen\'' -l skip-verify -d 'pass on deliveries whose signature fails (still checked and shown when a secret is known)'
complete -c tripctl -n '__tripctl_at \'webhooks listen\'' -l max-body -x -d 'largest body accepted; larger ones get 413 (default 1048576)'
complete -c tripctl -n '__tripctl_at \'webhooks listen\'' -l forward-timeout -x -d 'how long the handler may take (default 7000: under the service\'s 8 s)'
complete -c tripctl -n '__tripctl_at \'webhooks listen\'' -l inspect -d 'also serve a page on 127.0.0.1 that lists deliveries live, opens them and replays them; its URL (with a token) is printed on stderr'

# webhooks inspect
complete -c tripctl -n '__tripctl_at \'webhooks inspect\'' -l port -x -d 'port of the page; 0 (default) picks a free one'
complete -c tripctl -n '__tripctl_at \'webhooks inspect\'' -l forward-to -x -d 'the handler Replay sends to'
complete -c tripctl -n '__tripctl_at \'webhooks inspect\'' -l secret -x -d 're-sign replays with this secret (env TRIPCTL_WEBHOOK_SECRET; default: the kept secret of the files\' endpoint)'
complete -c tripctl -n '__tripctl_at \'webhooks inspect\'' -l forward-timeout -x -d 'how long the handler may take (default 7000)'
complete -c tripctl -n '__tripctl_at \'webhooks inspect\' 0' -xa '(__fish_complete_directories)' -d 'dir'

# webhooks verify
complete -c tripctl -n '__tripctl_at \'webhooks verify\'' -l secret -x -d 'the endpoint signing secret (env TRIPCTL_WEBHOOK_SECRET)'
complete -c tripctl -n '__tripctl_at \'webhooks verify\'' -l endpoint -xa '(__tripctl_dynamic webhooks)' -d 'use the secret kept for this endpoint'
complete -c tripctl -n '__tripctl_at \'webhooks verify\'' -l signature -x -d 'the X-Service-Signature value, sha256=<hex>'
complete -c tripctl -n '__tripctl_at \'webhooks verify\'' -l payload-file -rF -d 'the raw body as received (\'-\' or omitted: stdin)'
complete -c tripctl -n '__tripctl_at \'webhooks verify\'' -l saved -rF -d 'a delivery saved by `listen --save`, checked whole: body, signature and headers (secret: the kept one of its endpoint unless given)'

# webhooks replay
complete -c tripctl -n '__tripctl_at \'webhooks replay\'' -l to -x -d 'the handler to send it to (required)'
complete -c tripctl -n '__tripctl_at \'webhooks replay\'' -l secret -x -d 're-sign with this secret (default: the kept secret of the file\'s endpoint, else the original signature is kept)'
complete -c tripctl -n '__tripctl_at \'webhooks replay\'' -l timeout-ms -x -d 'how long the handler may take (default 7000)'
complete -c tripctl -n '__tripctl_at \'webhooks replay\' 0' -F -d 'file'

# api
complete -c tripctl -n '__tripctl_at \'api\'' -l input -rF -d 'request body from a file (\'-\' for stdin), sent as is'
complete -c tripctl -n '__tripctl_at \'api\'' -l file -rF -d 'save the answer\'s body as received, of any size, to a file or directory (\'-\' for stdout)'
complete -c tripctl -n '__tripctl_at \'api\'' -l force -d 'replace the --file target if it exists'
complete -c tripctl -n '__tripctl_at \'api\'' -s H -l header -x -d 'extra request header, repeatable'
complete -c tripctl -n '__tripctl_at \'api\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'api\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'api\'' -l param -x -d 'extra query parameter, repeatable'
complete -c tripctl -n '__tripctl_at \'api\' 0' -xa 'GET POST PUT PATCH DELETE' -d 'method'
complete -c tripctl -n '__tripctl_at \'api\' 1' -F -d 'path'

# openapi
complete -c tripctl -n '__tripctl_at \'openapi\'' -l decisions -d 'list each x-sandbox-decision: where in the document, and what was decided (a real service\'s document has none)'

# completion
complete -c tripctl -n '__tripctl_at \'completion\' 0' -xa 'bash zsh fish' -d 'shell'

# sandbox
complete -c tripctl -n '__tripctl_at \'sandbox\'' -a 'start' -d 'Start the sandbox with demo data; prints the base URL and two test keys, saves a "sandbox" profile, logs each request'
complete -c tripctl -n '__tripctl_at \'sandbox\'' -a 'trigger' -d 'Make the change an event reports in a running sandbox, on --id or on a new object, and send its events'
complete -c tripctl -n '__tripctl_at \'sandbox\'' -a 'edit-booking' -d 'Edit a booking as a dashboard administrator would (the sandbox sends booking.updated)'
complete -c tripctl -n '__tripctl_at \'sandbox\'' -a 'edit-payment' -d 'Change a payment (the sandbox sends payment.updated)'
complete -c tripctl -n '__tripctl_at \'sandbox\'' -a 'advance-clock' -d 'Move a running sandbox\'s clock forward: trips depart, schedules publish further'

# sandbox start
complete -c tripctl -n '__tripctl_at \'sandbox start\'' -l port -x -d 'port to listen on; 0 picks a free one'
complete -c tripctl -n '__tripctl_at \'sandbox start\'' -l host -x -d 'address to listen on'
complete -c tripctl -n '__tripctl_at \'sandbox start\'' -l time-scale -x -d 'multiply every webhook wait and time-out by X (0.001: a 10 s wait takes 10 ms)'
complete -c tripctl -n '__tripctl_at \'sandbox start\'' -l data -rF -d 'keep state in this file across restarts (written atomically)'
complete -c tripctl -n '__tripctl_at \'sandbox start\'' -l no-profile -d 'do not save a profile'
complete -c tripctl -n '__tripctl_at \'sandbox start\'' -l quiet -d 'do not log each request on stderr'

# sandbox trigger
complete -c tripctl -n '__tripctl_at \'sandbox trigger\'' -l id -x -d 'the object to change (default: a new one of company A; booking.created: the trip to book)'
complete -c tripctl -n '__tripctl_at \'sandbox trigger\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'sandbox trigger\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'sandbox trigger\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# sandbox edit-booking
complete -c tripctl -n '__tripctl_at \'sandbox edit-booking\'' -l group -x -d 'group name, at most 80 characters'
complete -c tripctl -n '__tripctl_at \'sandbox edit-booking\'' -l note -x -d 'passenger note, at most 200 characters'
complete -c tripctl -n '__tripctl_at \'sandbox edit-booking\'' -l seats -x -d 'seats, 1-20'
complete -c tripctl -n '__tripctl_at \'sandbox edit-booking\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'sandbox edit-booking\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'sandbox edit-booking\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'
complete -c tripctl -n '__tripctl_at \'sandbox edit-booking\' 0' -xa '(__tripctl_dynamic bookings)' -d 'bookingId'

# sandbox edit-payment
complete -c tripctl -n '__tripctl_at \'sandbox edit-payment\'' -l status -xa 'pending paid refunded failed' -d 'new status'
complete -c tripctl -n '__tripctl_at \'sandbox edit-payment\'' -l amount -x -d 'new amount, in the currency\'s units (18000 or 18,000.50); -F amount=… takes minor units'
complete -c tripctl -n '__tripctl_at \'sandbox edit-payment\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'sandbox edit-payment\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'sandbox edit-payment\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# sandbox advance-clock
complete -c tripctl -n '__tripctl_at \'sandbox advance-clock\'' -s F -l field -x -d 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable'
complete -c tripctl -n '__tripctl_at \'sandbox advance-clock\'' -s f -l raw-field -x -d 'extra body field, always a string; repeatable'
complete -c tripctl -n '__tripctl_at \'sandbox advance-clock\'' -l columns -x -d 'table and CSV columns, comma-separated: names from \'--columns help\', or dotted paths into the JSON'

# doctor

# mcp
complete -c tripctl -n '__tripctl_at \'mcp\'' -l allow-writes -d 'also serve the verbs that change data; each write is put to a person first (refused on a protected profile)'
complete -c tripctl -n '__tripctl_at \'mcp\'' -l toolsets -x -d 'serve only these groups of tools, comma-separated (trips,bookings,reports,…; default: all)'
