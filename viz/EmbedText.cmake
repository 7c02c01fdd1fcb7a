# cmake -DINPUT=file -DOUTPUT=file.inc -P EmbedText.cmake
# Writes INPUT as C++ raw string literals (one per 16 KiB piece, which
# compilers concatenate), for `const char X[] = #include "file.inc";`.
file(READ ${INPUT} text)
string(FIND "${text}" ")MSCCLC_EMBED\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw-string delimiter")
endif()
string(LENGTH "${text}" length)
set(out "")
set(at 0)
while(at LESS length)
  string(SUBSTRING "${text}" ${at} 16384 piece)
  string(APPEND out "R\"MSCCLC_EMBED(${piece})MSCCLC_EMBED\"\n")
  math(EXPR at "${at} + 16384")
endwhile()
file(WRITE ${OUTPUT}.tmp "${out}")
file(RENAME ${OUTPUT}.tmp ${OUTPUT})
