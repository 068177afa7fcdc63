#version 450
out block { layout(location=0) int x; } outs;
void main(){
   outs.x = 0;
   gl_Position = vec4(1);
}
