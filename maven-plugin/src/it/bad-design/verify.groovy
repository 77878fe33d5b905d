// The build failed with the design's file, line and column, and wrote no report.
def log = new File(basedir, 'build.log').text
assert log =~ /broken\.table\.yaml:2:\d+: /
assert !new File(basedir, 'target/singletable-reports').exists()
return true
