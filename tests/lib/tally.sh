# The count of a test script's checks (sourced): check STATUS WHAT prints
# one "ok:"/"FAIL:" line; tally NAME prints "NAME: N passed, N failed"
# and returns non-zero when a check failed.
passed=0
failed=0

check()
{
	if [ "$1" = 0 ]; then
		echo "ok: $2"
		passed=$((passed + 1))
	else
		echo "FAIL: $2"
		failed=$((failed + 1))
	fi
}

tally()
{
	echo "$1: $passed passed, $failed failed"
	[ "$failed" = 0 ]
}
