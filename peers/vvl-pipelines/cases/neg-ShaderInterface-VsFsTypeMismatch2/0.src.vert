#version 450
layout(location=0) out int x;
void main(){
   x = 0;
   gl_Position = vec4(1);
}
