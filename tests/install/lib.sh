# What the install test's parts share (sourced).

# check STATUS WHAT: one line per check; run.sh counts them
check()
{
	if [ "$1" = 0 ]; then
		echo "ok: $2"
	else
		echo "FAIL: $2"
	fi
}
